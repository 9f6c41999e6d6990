import type { SessionUser } from '@daybook/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, profile, sessionUser, stubApi } from '../../test/api.ts';
import { createTestQueryClient } from '../../test/render.tsx';
import { useTimezoneSync } from './hooks/use-timezone-sync.ts';
import { isTimezoneSynced, rememberChosenTimezone } from './timezone.ts';

const BROWSER_ZONE = 'Asia/Tokyo';

function renderSync(user: Pick<SessionUser, 'id' | 'timezone'>) {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => useTimezoneSync(user), { wrapper }), client };
}

/**
 * The hook decides in an effect, which has run by the time renderHook returns (it renders inside act), and a
 * write it starts is in the mutation cache at once: an empty cache is the observable "nothing was written",
 * with no wait for a request that might come later.
 */
function startedWrites(client: ReturnType<typeof renderSync>['client']) {
  return client.getMutationCache().getAll().length;
}

describe('the time zone write on sign-in', () => {
  let fetchMock: ReturnType<typeof stubApi>;

  beforeEach(() => {
    const realOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...realOptions.call(this), timeZone: BROWSER_ZONE };
    });
    fetchMock = stubApi({ 'PATCH /api/me': json({ ...profile, timezone: BROWSER_ZONE }) });
  });

  it("writes the browser's zone when the profile has another one (the UTC default included)", async () => {
    const { client } = renderSync({ ...sessionUser, timezone: 'UTC' });
    expect(startedWrites(client)).toBe(1);
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH /api/me')).toEqual([{ timezone: BROWSER_ZONE }]));
  });

  it('does nothing when the zones already agree', async () => {
    const { client } = renderSync({ ...sessionUser, timezone: BROWSER_ZONE });
    expect(startedWrites(client)).toBe(0);
    expect(isTimezoneSynced(sessionUser.id)).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('writes once per browser session, not on every page', async () => {
    const first = renderSync({ ...sessionUser, timezone: 'UTC' });
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH /api/me')).toHaveLength(1));
    first.unmount();
    const second = renderSync({ ...sessionUser, timezone: 'UTC' });
    expect(startedWrites(second.client)).toBe(0);
    expect(callsTo(fetchMock, 'PATCH /api/me')).toHaveLength(1);
  });

  it('keeps a zone the person picked by hand on this device', async () => {
    rememberChosenTimezone(sessionUser.id, 'America/New_York');
    sessionStorage.clear();
    const { client } = renderSync({ ...sessionUser, timezone: 'America/New_York' });
    expect(startedWrites(client)).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
