import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { IslandMarkersContext } from '../../components/ui/island.tsx';
import LandingPage from '../../features/marketing/pages/LandingPage.tsx';
import { ThemeContext } from '../../features/theme/theme-context.ts';
import { SESSION_QUERY_KEY } from '../../lib/session/session-state.ts';
import { SiteFrame } from '../layout/AppLayout.tsx';

/**
 * The landing page as HTML, at build time (vite.config.ts `prerenderLanding`, ADR 045): the app's own header,
 * page and footer as a visitor sees them, with the islands marked. The theme is left to theme-init.js and the
 * islands; prices show their skeleton until the page's entry asks the API.
 */
export function renderLandingPage(): string {
  // No fetching at build time, and no garbage-collection timer to keep the build's process alive.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { enabled: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  // The server sends this page only to a browser without a session (apps/server app.ts).
  queryClient.setQueryData(SESSION_QUERY_KEY, { user: null });
  const html = renderToString(
    <IslandMarkersContext value>
      <MemoryRouter initialEntries={['/']}>
        <QueryClientProvider client={queryClient}>
          <ThemeContext value={{ theme: 'system', resolvedTheme: 'light', setTheme: () => undefined }}>
            <SiteFrame>
              <LandingPage />
            </SiteFrame>
          </ThemeContext>
        </QueryClientProvider>
      </MemoryRouter>
    </IslandMarkersContext>,
  );
  queryClient.clear();
  return html;
}
