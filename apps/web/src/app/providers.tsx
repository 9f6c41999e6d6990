import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ThemeProvider } from '../features/theme/ThemeProvider.tsx';
import { useTheme } from '../features/theme/theme-context.ts';
import { TOAST_DURATION_MS } from '../lib/constants.ts';
import { createQueryClient } from './query-client.ts';

/**
 * sonner (about 10 KB gzip) stays out of the shell: the toaster loads beside the first page, and pages that toast
 * bring it with them. A toast raised before the toaster mounts is shown when it does (sonner replays active
 * toasts to a new subscriber).
 */
const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  // One toast at a time (spec §9).
  return (
    <Suspense fallback={null}>
      <Toaster theme={resolvedTheme} visibleToasts={1} duration={TOAST_DURATION_MS.default} closeButton />
    </Suspense>
  );
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        {/* Each tooltip brings its own provider (components/ui/tooltip.tsx), keeping Radix out of the shell. */}
        {children}
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
