import { lazy } from 'react';
import { ThemeProvider } from '../../features/theme/ThemeProvider.tsx';
import { ThemeToggle } from '../../features/theme/ThemeToggle.tsx';
import { TellOthers } from '../layout/Footer.tsx';
import { MobileNav } from '../layout/MobileNav.tsx';
import { type IslandMount, renderIsland } from './mount-islands.tsx';

// Each brings what it needs (the query cache, links, a toaster) and loads only when asked for, as in the app.
const PageMobileNavDrawer = lazy(() => import('./popups.tsx').then((m) => ({ default: m.PageDrawer })));
const PageShareDialog = lazy(() => import('./popups.tsx').then((m) => ({ default: m.PageShareDialog })));

/**
 * The islands of the header and footer (`SiteFrame`) on every prerendered page, rendered live at once: the same
 * elements as the app's header and footer put inside `<Island name="…">` (Header.tsx, Footer.tsx). A visitor's
 * page only: the server sends the app itself to a signed-in browser (ADR 045).
 */
export const FRAME_ISLANDS: Readonly<Record<string, IslandMount>> = {
  'theme-toggle': renderIsland(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  ),
  'mobile-nav': renderIsland(<MobileNav user={null} className="md:hidden" Drawer={PageMobileNavDrawer} />),
  'tell-others': renderIsland(<TellOthers Dialog={PageShareDialog} />),
};
