import { BILLING_MESSAGES } from '@daybook/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../test/render.tsx';
import { FREE_SUBSCRIPTION_STATUS, useSubscriptionStatus } from './billing.ts';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

function renderStatus() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSubscriptionStatus(), { wrapper });
}

describe('useSubscriptionStatus', () => {
  afterEach(() => vi.mocked(toast.error).mockClear());

  it('falls back to Free with the toast "Failed to load subscription status" when the server cannot answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response('{}', { status: 500 })),
    );
    const { result } = renderStatus();
    await waitFor(() => expect(result.current.status).toEqual(FREE_SUBSCRIPTION_STATUS), { timeout: 5_000 });
    expect(toast.error).toHaveBeenCalledWith(BILLING_MESSAGES.subscriptionLoadFailed, expect.anything());
  });

  it('falls back to Free without a toast while the browser is offline (the page already says so)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { result } = renderStatus();
    await waitFor(() => expect(result.current.status).toEqual(FREE_SUBSCRIPTION_STATUS), { timeout: 5_000 });
    expect(toast.error).not.toHaveBeenCalled();
  });
});
