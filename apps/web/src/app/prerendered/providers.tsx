import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../query-client.ts';
import { DocumentRouter } from './document-router.tsx';

/** One query cache for a prerendered page's islands. */
const queryClient = createQueryClient();

/** What the app's components expect around them, for an island that uses the API or links (ADR 045, 049). */
export function IslandProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DocumentRouter>{children}</DocumentRouter>
    </QueryClientProvider>
  );
}
