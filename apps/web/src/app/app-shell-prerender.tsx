import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ThemeContext } from '../features/theme/theme-context.ts';
import { SiteFrame } from './layout/AppLayout.tsx';

/**
 * What the app draws before it knows anything, as HTML in index.html (vite.config.ts `appDocument`, ADR 050):
 * the header as it is while the session is asked for (neither "Log In" nor the avatar) above an empty page. The
 * browser paints it as soon as the stylesheet is in, instead of a blank screen until the app's code has run; the
 * app's first render then takes its place with the page itself. No skeleton and no footer: a page shorter than
 * the screen would pull the footer up into view (a layout shift, ADR 045).
 */
export function renderAppShell(): string {
  // No fetching at build time (the session stays pending), and no timer to keep the build's process alive.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { enabled: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  const html = renderToString(
    <MemoryRouter initialEntries={['/']}>
      <QueryClientProvider client={queryClient}>
        <ThemeContext value={{ theme: 'system', resolvedTheme: 'light', setTheme: () => undefined }}>
          <SiteFrame hasFooter={false} />
        </ThemeContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  queryClient.clear();
  return html;
}
