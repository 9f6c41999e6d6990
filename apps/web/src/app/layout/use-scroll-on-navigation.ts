import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { scrollToHashTarget } from '../../lib/hash-scroll.ts';

/**
 * After each navigation: scroll to the #section it names (below the sticky header),
 * or to the top for a new page. Back/forward keep the browser's own scroll restoration.
 */
export function useScrollOnNavigation(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (location.hash) return scrollToHashTarget(location.hash);
    if (navigationType !== 'POP') window.scrollTo({ top: 0 });
  }, [location, navigationType]);
}
