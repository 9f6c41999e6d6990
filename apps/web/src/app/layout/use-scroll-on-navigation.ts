import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { scrollToHashTarget } from '../../lib/hash-scroll.ts';

/**
 * After each navigation: scroll to the #section it names (below the sticky header), or to the top for a
 * new page. Back/forward keep the browser's own scroll restoration, and a change of the query alone (the
 * dashboard's chosen day) stays where the person is.
 */
export function useScrollOnNavigation(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    const isSamePage = previousPathname.current === location.pathname;
    previousPathname.current = location.pathname;
    if (location.hash) return scrollToHashTarget(location.hash);
    if (navigationType !== 'POP' && !isSamePage) window.scrollTo({ top: 0 });
  }, [location, navigationType]);
}
