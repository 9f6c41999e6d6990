// First: it changes how zod schemas are built, and the modules below build theirs as they load.
import './lib/zod-config.ts';
import { timeoutManager } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './app/ErrorScreen.tsx';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter, loadOpeningPage, routes } from './app/router.tsx';
import { coalescedTimers } from './lib/coalesced-timers.ts';
import { registerServiceWorker } from './lib/pwa/register.ts';
import { seedFromAppBootstrap } from './lib/session/app-bootstrap.ts';
import { toast } from './lib/toast.ts';
import { nextTask, warmUpFirstRender } from './lib/warm-up.ts';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The service worker (offline app shell, ADR 040), once the page has settled; a new version waits for "Reload".
if (import.meta.env.PROD) {
  registerServiceWorker((reload) =>
    toast('A new version is available', {
      id: 'app-update',
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Reload', onClick: reload },
    }),
  );
}

// Before the query client is made, so every query timer goes through it (ADR 051).
timeoutManager.setTimeoutProvider(coalescedTimers());
const queryClient = createQueryClient();

// The shell's modules were evaluated in this task; what follows runs in later ones, so no one task is long
// (ADR 051). A signed-in browser's page carries its session, profile and plan (ADR 050): the first render needs
// no request.
await nextTask();
seedFromAppBootstrap(queryClient);

// The opening page's code first, so the first paint is the page and not a skeleton that the page then moves;
// meanwhile the first render's one-time costs, each in a task of its own.
await Promise.all([loadOpeningPage(routes, window.location.pathname), warmUpFirstRender()]);
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
