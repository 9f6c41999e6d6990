import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { routes } from '../router.tsx';

// The popovers and dialogs here are lazy chunks: the first to open pays for transforming them, which on a busy
// two-core machine can pass the 5 s default wait (this file's modules only: vitest isolates test files).
configure({ asyncUtilTimeout: 15_000 });

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

/** The browser's EventSource, which jsdom lacks; the test plays the server's side of the stream. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  isClosed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
    this.isClosed = true;
  }
}

const renderAt = (path: string) => renderRoutes(createMemoryRouter(routes, { initialEntries: [path] }));

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe('the header bells and the live stream', () => {
  it('a visitor sees neither bell and opens no stream', async () => {
    stubApi({ 'GET /api/auth/session': json({ user: null }) });
    renderAt('/no-such-page');
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Notifications' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Shared with you' })).toBeNull();
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('signed in: both bells, one stream; a live notification refreshes the bell; sign-out closes it', async () => {
    let unread = 0;
    const fetchMock = stubApi({
      ...signedInHandlers(),
      'GET /api/notifications/summary': () => jsonResponse({ latest: [], unreadCount: unread }),
      'POST /api/auth/sign-out': json({ ok: true }),
    });
    renderAt('/no-such-page');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Shared with you' })).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.instances[0]!;
    expect(stream.url).toBe('/api/events');

    unread = 2;
    await act(async () =>
      stream.dispatchEvent(
        new MessageEvent('notification', { data: JSON.stringify({ type: 'notification', id: 'n' }) }),
      ),
    );
    expect(await screen.findByRole('button', { name: '2 unread notifications' })).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/notifications/summary').length).toBeGreaterThanOrEqual(2);

    // The menu's code loads on the first press (ADR 076).
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeTruthy();
    await waitFor(() => expect(stream.isClosed).toBe(true));
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /notification/i })).toBeNull();
  });
});
