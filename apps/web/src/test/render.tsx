import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';

/** The app's query client (with its session-expiry handling), without retries (nor waits, where a query insists). */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } });
}

type RenderOptions = {
  /** The address the element is shown at. */
  path?: string;
  /** Other routes the test can navigate to. */
  routes?: RouteObject[];
  queryClient?: QueryClient;
};

/** Renders an element inside the app's providers and an in-memory router. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const { path = '/', routes = [], queryClient = createTestQueryClient() } = options;
  const router = createMemoryRouter([{ path: new URL(path, 'http://x').pathname, element: ui }, ...routes], {
    initialEntries: [path],
  });
  return renderRoutes(router, queryClient);
}

export function renderRoutes(
  router: ReturnType<typeof createMemoryRouter>,
  queryClient = createTestQueryClient(),
) {
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** A fetch Response carrying JSON, as the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Finds the paragraph whose whole text is `text`, however it is cut into elements (search marks the words it
 * found): `screen.getByText(paragraphText('…'))`.
 */
export const paragraphText = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;
