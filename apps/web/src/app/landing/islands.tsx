import { lazy, type ReactNode } from 'react';
import { ThemeProvider } from '../../features/theme/ThemeProvider.tsx';
import { ThemeToggle } from '../../features/theme/ThemeToggle.tsx';
import { TellOthers } from '../layout/Footer.tsx';
import { MobileNav } from '../layout/MobileNav.tsx';

// Each brings what it needs (the query cache, links, a toaster) and loads only when asked for, as in the app.
const LandingMobileNavDrawer = lazy(() => import('./popups.tsx').then((m) => ({ default: m.LandingDrawer })));
const LandingShareDialog = lazy(() =>
  import('./popups.tsx').then((m) => ({ default: m.LandingShareDialog })),
);

/**
 * What each island of the prerendered landing page renders live, at once: the same elements as the app's
 * header and footer put inside `<Island name="…">` (Header.tsx, Footer.tsx). The plan chooser waits until it
 * comes near the view (pricing-island.tsx). A visitor's page only: the server sends the app itself to a
 * signed-in browser (ADR 045).
 */
export const EAGER_ISLANDS: Record<string, () => ReactNode> = {
  'theme-toggle': () => (
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>
  ),
  'mobile-nav': () => <MobileNav user={null} className="md:hidden" Drawer={LandingMobileNavDrawer} />,
  'tell-others': () => <TellOthers Dialog={LandingShareDialog} />,
};
