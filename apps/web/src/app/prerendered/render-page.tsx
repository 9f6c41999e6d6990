import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import {
  hydratedIslandSlot,
  type IslandMarkers,
  IslandMarkersContext,
  islandIdentifierPrefix,
} from '../../components/ui/island.tsx';
import { ThemeContext } from '../../features/theme/theme-context.ts';
import { SESSION_QUERY_KEY } from '../../lib/session/session-state.ts';
import { SiteFrame } from '../layout/AppLayout.tsx';

/** What vite.config.ts (`prerenderPages`) writes into a page's HTML file. */
export type PrerenderedPage = { html: string; title: string };

/** What the app's components expect around them at build time, for a visitor at `path`. */
function BuildTimeProviders({
  path,
  queryClient,
  children,
}: {
  path: string;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        {/* The theme is left to first-paint.js and the islands. */}
        <ThemeContext value={{ theme: 'system', resolvedTheme: 'light', setTheme: () => undefined }}>
          {children}
        </ThemeContext>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

/** Puts each hydrated island's own HTML where the page's render left its slot. */
export function fillHydratedIslands(pageHtml: string, islands: ReadonlyMap<string, string>): string {
  let html = pageHtml;
  for (const [name, islandHtml] of islands) {
    const slot = hydratedIslandSlot(name);
    if (html.split(slot).length !== 2) throw new Error(`The page has not one slot for the island ${name}`);
    // A function, so that `$` in the island's HTML is not read as a replacement pattern.
    html = html.replace(slot, () => islandHtml);
  }
  return html;
}

/**
 * A page as HTML at build time (ADR 045, 049): the app's own header, page and footer as a visitor at `path`
 * sees them, with the islands marked. A hydrated island (`<Island hydrated>`) is rendered on its own, as the
 * page's entry hydrates it: its own root and identifier prefix, without the page around it.
 */
export function renderPrerenderedPage(path: string, page: ReactNode): string {
  // No fetching at build time, and no garbage-collection timer to keep the build's process alive.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { enabled: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  // The server sends a prerendered page only to a browser without a session (apps/server app.ts).
  queryClient.setQueryData(SESSION_QUERY_KEY, { user: null });
  const hydrated = new Map<string, ReactNode>();
  const markers: IslandMarkers = { hydrated: (name, children) => hydrated.set(name, children) };
  const pageHtml = renderToString(
    <IslandMarkersContext value={markers}>
      <BuildTimeProviders path={path} queryClient={queryClient}>
        <SiteFrame>{page}</SiteFrame>
      </BuildTimeProviders>
    </IslandMarkersContext>,
  );
  const islands = new Map(
    [...hydrated].map(([name, children]) => [
      name,
      renderToString(
        <BuildTimeProviders path={path} queryClient={queryClient}>
          {children}
        </BuildTimeProviders>,
        { identifierPrefix: islandIdentifierPrefix(name) },
      ),
    ]),
  );
  queryClient.clear();
  return fillHydratedIslands(pageHtml, islands);
}
