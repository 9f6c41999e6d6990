import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { ThemeProvider } from '../features/theme/ThemeProvider.tsx';
import { useTheme } from '../features/theme/theme-context.ts';
import { TOAST_DURATION_MS } from '../lib/constants.ts';
import { createQueryClient } from './query-client.ts';

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  // One toast at a time (spec §9).
  return <Toaster theme={resolvedTheme} visibleToasts={1} duration={TOAST_DURATION_MS.default} closeButton />;
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
