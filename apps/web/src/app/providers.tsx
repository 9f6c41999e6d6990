import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { ThemeProvider } from '../features/theme/ThemeProvider.tsx';
import { useTheme } from '../features/theme/theme-context.ts';
import { TOAST_DURATION_MS } from '../lib/constants.ts';
import { loadedToasts } from '../lib/toast.ts';
import { createQueryClient } from './query-client.ts';

/**
 * sonner (about 10 KB gzip) stays out of the page's load: it comes with the first toast (lib/toast.ts, ADR 076),
 * and the toaster mounts then, showing that toast (sonner replays active toasts to a new subscriber).
 */
function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  const sonner = useSyncExternalStore(loadedToasts.subscribe, loadedToasts.get, () => null);
  if (!sonner) return null;
  // One toast at a time (docs/product/shell.md#shell-timings).
  return (
    <sonner.Toaster
      theme={resolvedTheme}
      visibleToasts={1}
      duration={TOAST_DURATION_MS.default}
      closeButton
    />
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
