// First: it changes how zod schemas are built, and the modules below build theirs as they load.
import './lib/zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './app/ErrorScreen.tsx';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter, loadOpeningPage, routes } from './app/router.tsx';
import { registerServiceWorker } from './lib/pwa/register.ts';
import { seedFromAppBootstrap } from './lib/session/app-bootstrap.ts';
import { warmUpFirstRender } from './lib/warm-up.ts';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// A signed-in browser's page carries its session, profile and plan (ADR 050): the first render needs no request.
const queryClient = createQueryClient();
seedFromAppBootstrap(queryClient);

// The opening page's code first, so the first paint is the page and not a skeleton that the page then moves;
// meanwhile the first render's one-time costs, each in a task of its own.
void Promise.all([loadOpeningPage(routes, window.location.pathname), warmUpFirstRender()]).then(() => {
  const router = createAppRouter();
  const root = createRoot(rootElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppErrorBoundary>
          <AppProviders queryClient={queryClient}>
            <RouterProvider router={router} />
          </AppProviders>
        </AppErrorBoundary>
      </StrictMode>,
    ),
  );
});

// The service worker (offline app shell, ADR 040), once the page has loaded; a new version waits for "Reload".
if (import.meta.env.PROD) {
  window.addEventListener('load', () =>
    registerServiceWorker(
      (reload) =>
        // sonner is imported here, not at the top, so it stays out of the shell (app/providers.tsx).
        void import('sonner').then(({ toast }) =>
          toast('A new version is available', {
            id: 'app-update',
            duration: Number.POSITIVE_INFINITY,
            action: { label: 'Reload', onClick: reload },
          }),
        ),
    ),
  );
}
