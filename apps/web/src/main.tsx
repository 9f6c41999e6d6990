import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './app/ErrorScreen.tsx';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import './styles.css';

const router = createAppRouter();
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <AppErrorBoundary>
      <AppProviders>
        {/* flushSync: what react-router/dom passes; lets a navigation commit at once when asked to. */}
        <RouterProvider router={router} flushSync={flushSync} />
      </AppProviders>
    </AppErrorBoundary>
  </StrictMode>,
);
