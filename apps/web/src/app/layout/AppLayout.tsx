import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useLiveEvents } from '../../lib/live-events.ts';
import { reportRenderedPath } from '../../lib/rendered-location.ts';
import { useSession } from '../../lib/session/get-session.ts';
import { RouteSkeleton } from '../RouteSkeleton.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { useAuthSync } from './use-auth-sync.ts';
import { useScrollOnNavigation } from './use-scroll-on-navigation.ts';

const MAIN_ID = 'main-content';
/** Page code that arrives faster than this never flashes a skeleton. */
const SKELETON_DELAY_MS = 150;

function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [hasWaited, setHasWaited] = useState(false);
  useEffect(() => {
    if (!flag) {
      setHasWaited(false);
      return;
    }
    const timer = setTimeout(() => setHasWaited(true), delayMs);
    return () => clearTimeout(timer);
  }, [flag, delayMs]);
  return flag && hasWaited;
}

function onSkipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

export function AppLayout() {
  useScrollOnNavigation();
  useAuthSync();
  // One live stream per signed-in tab; it closes at sign-out, when the session holds no user.
  const { user } = useSession();
  useLiveEvents(user?.id ?? null);
  const location = useLocation();
  const navigation = useNavigation();
  const isLoadingOtherPage =
    navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  const isSkeletonShown = useDelayedFlag(isLoadingOtherPage, SKELETON_DELAY_MS);
  useEffect(() => reportRenderedPath(location.pathname), [location]);

  return <SiteFrame>{isSkeletonShown ? <RouteSkeleton /> : <Outlet />}</SiteFrame>;
}

/**
 * The header, the page and the footer: the app's frame, and the prerendered pages' (ADR 045). The app's shell
 * in index.html (ADR 050) is the frame without a page, and without the footer, which would otherwise be drawn
 * at the top of the screen and pushed down by the page.
 */
export function SiteFrame({ children, hasFooter = true }: { children?: ReactNode; hasFooter?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_ID}`}
        onClick={onSkipToContent}
        className="sr-only rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <Header />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1">
        {children}
      </main>
      {hasFooter ? <Footer /> : null}
    </div>
  );
}
