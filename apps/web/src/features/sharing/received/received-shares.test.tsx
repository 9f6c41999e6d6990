import { type ReceivedShare, SHARE_LIMITS, type ShareView } from '@daybook/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { receivedShareKeys } from '../../../lib/query-keys.ts';
import { apiError, callsTo, json, signedInHandlers, stubApi } from '../../../test/api.ts';
import { allowConsoleOutput } from '../../../test/console.ts';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import SharedWithMePage from '../pages/SharedWithMePage.tsx';
import { SharesBell } from './components/SharesBell.tsx';

// The popovers and dialogs here are lazy chunks: the first to open pays for transforming them, which on a busy
// two-core machine can pass the 5 s default wait (this file's modules only: vitest isolates test files).
configure({ asyncUtilTimeout: 15_000 });

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

type Handlers = Parameters<typeof stubApi>[0];

let nextId = 1;
function share(overrides: Partial<ReceivedShare> = {}): ReceivedShare {
  const id = `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
  return {
    id,
    sender: { name: 'Grace Hopper' },
    note: null,
    preview: 'Today I walked by the sea and thought about',
    moodTag: null,
    contentType: 'text',
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    viewed: false,
    ...overrides,
  };
}

function view(shareId: string, overrides: Partial<ShareView> = {}): ShareView {
  return {
    shareId,
    status: 'active',
    note: null,
    sharedAt: new Date(Date.now() - 3_600_000).toISOString(),
    sender: { name: 'Grace Hopper' },
    entry: { text: 'The whole reflection.', moodTag: null, createdAt: new Date().toISOString(), media: null },
    events: [],
    canRespond: true,
    ...overrides,
  };
}

const page = (
  items: ReceivedShare[],
  unviewed = items.filter((s) => !s.viewed).length,
  total = items.length,
) => json({ items, total, unviewed });

function renderBell(handlers: Handlers, path = '/dashboard') {
  const fetchMock = stubApi({ ...signedInHandlers(), ...handlers });
  const result = renderWithProviders(<SharesBell />, {
    path,
    routes: [{ path: '/shared', element: <p>All shares page</p> }],
  });
  return { ...result, fetchMock };
}

beforeEach(() => {
  vi.mocked(toast.info).mockClear();
});

describe('the shares bell', () => {
  it('shows "9+" above 9 unviewed shares, with the count in its name', async () => {
    renderBell({ 'GET /api/shares/received': page([share()], 14) });
    const bell = await screen.findByRole('button', { name: '14 new shared reflections' });
    expect(within(bell).getByText('9+')).toBeTruthy();
  });

  it('says "No shares yet" and links to all shares', async () => {
    renderBell({ 'GET /api/shares/received': page([]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Shared with you' }));
    const popover = await screen.findByRole('dialog', { name: 'Shared with you' });
    expect(within(popover).getByText('No shares yet')).toBeTruthy();
    fireEvent.click(within(popover).getByRole('link', { name: 'View all shares' }));
    expect(await screen.findByText('All shares page')).toBeTruthy();
  });

  it('opening it records every unviewed share as viewed, not only the five shown, then the badge goes', async () => {
    const fresh = share({ sender: { name: 'Ada' }, moodTag: 'Calm', preview: 'x'.repeat(100) });
    const shown = [fresh, ...Array.from({ length: 4 }, () => share({ viewed: true }))];
    const hidden = share();
    // As the server does: the ids sent are marked, or every received share when none is named.
    const viewed = new Set(shown.filter((s) => s.viewed).map((s) => s.id));
    const { fetchMock } = renderBell({
      'GET /api/shares/received': () =>
        jsonResponse({
          items: shown.map((s) => ({ ...s, viewed: viewed.has(s.id) })),
          total: 6,
          unviewed: [...shown, hidden].filter((s) => !viewed.has(s.id)).length,
        }),
      'POST /api/shares/received/viewed': ({ body }) => {
        const ids = (body as { shareIds?: string[] } | undefined)?.shareIds;
        for (const id of ids ?? [...shown, hidden].map((s) => s.id)) viewed.add(id);
        return new Response(null, { status: 204 });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '2 new shared reflections' }));
    const popover = await screen.findByRole('dialog', { name: 'Shared with you' });
    expect(within(popover).getByRole('img', { name: 'Mood: Calm' }).textContent).toBe('😌');
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/shares/received/viewed')).toEqual([undefined]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Shared with you' })).toBeTruthy());
  });

  it('a failed "viewed" record is silent: only logged', async () => {
    allowConsoleOutput(/Could not record the shares as viewed/);
    const { fetchMock } = renderBell({
      'GET /api/shares/received': page([share()]),
      'POST /api/shares/received/viewed': apiError(500, 'INTERNAL', 'Boom'),
    });
    fireEvent.click(await screen.findByRole('button', { name: '1 new shared reflection' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/shares/received/viewed')).toHaveLength(1));
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('clicking a share opens the viewer in the app, with thank-you and report', async () => {
    const received = share();
    const { fetchMock } = renderBell({
      'GET /api/shares/received': page([received]),
      'POST /api/shares/received/viewed': () => new Response(null, { status: 204 }),
      [`GET /api/shares/${received.id}/view`]: json(view(received.id, { note: 'Thought of you' })),
    });
    fireEvent.click(await screen.findByRole('button', { name: '1 new shared reflection' }));
    const popover = await screen.findByRole('dialog', { name: 'Shared with you' });
    fireEvent.click(within(popover).getByRole('button', { name: /Grace Hopper/ }));
    const viewer = await screen.findByRole('dialog', { name: 'Shared reflection' });
    expect(await within(viewer).findByText('The whole reflection.')).toBeTruthy();
    expect(within(viewer).getByText('Thought of you')).toBeTruthy();
    expect(within(viewer).getByRole('button', { name: 'Send thank you' })).toBeTruthy();
    expect(within(viewer).getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(callsTo(fetchMock, `GET /api/shares/${received.id}/view`)).toHaveLength(1);
  });

  it('?highlight_share on the dashboard opens it, says a share arrived and leaves the address', async () => {
    const { router } = renderBell(
      {
        'GET /api/shares/received': page([share()]),
        'POST /api/shares/received/viewed': () => new Response(null, { status: 204 }),
      },
      '/dashboard?highlight_share=1&date=2026-11-20',
    );
    expect(await screen.findByRole('dialog', { name: 'Shared with you' })).toBeTruthy();
    expect(toast.info).toHaveBeenCalledTimes(1);
    expect(toast.info).toHaveBeenCalledWith('New share received', {
      description: 'Click the share icon to view your new entry',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-11-20'));
  });

  it('ignores highlight_share away from the dashboard', async () => {
    renderBell({ 'GET /api/shares/received': page([share()]) }, '/profile?highlight_share=1');
    await screen.findByRole('button', { name: '1 new shared reflection' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toast.info).not.toHaveBeenCalled();
  });
});

describe('/shared', () => {
  it('lists every received share, pages 20 at a time from page 0, and opens one in the viewer', async () => {
    const items = Array.from({ length: 20 }, (_, index) => share({ sender: { name: `Sender ${index}` } }));
    const fetchMock = stubApi({
      ...signedInHandlers(),
      'GET /api/shares/received': page(items, 3, 41),
      [`GET /api/shares/${items[4]!.id}/view`]: json(view(items[4]!.id, { sender: { name: 'Sender 4' } })),
    });
    renderWithProviders(<SharedWithMePage />, { path: '/shared' });
    fireEvent.click(await screen.findByRole('button', { name: /Sender 4/ }));
    expect(await screen.findByRole('dialog', { name: 'Shared reflection' })).toBeTruthy();
    const queries = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/shares/received')
      .map((url) => Object.fromEntries(url.searchParams));
    expect(queries[0]).toEqual({ page: '0', pageSize: '20' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Share pages' })).getByText('3'));
    await waitFor(() => {
      const last = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/shares/received')
        .at(-1);
      expect(last?.searchParams.get('page')).toBe('2');
    });
  });

  it('opens the share a notification links to (?open=), and closing it leaves the list', async () => {
    const linked = share({ sender: { name: 'Sender Linked' } });
    stubApi({
      ...signedInHandlers(),
      'GET /api/shares/received': page([linked]),
      [`GET /api/shares/${linked.id}/view`]: json(view(linked.id, { sender: { name: 'Sender Linked' } })),
    });
    renderWithProviders(<SharedWithMePage />, { path: `/shared?open=${linked.id}` });
    expect(await screen.findByRole('dialog', { name: 'Shared reflection' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: /Sender Linked/ })).toBeTruthy();
  });

  it('says "No shares yet" when there are none', async () => {
    stubApi({ ...signedInHandlers(), 'GET /api/shares/received': page([]) });
    renderWithProviders(<SharedWithMePage />, { path: '/shared' });
    expect(await screen.findByText('No shares yet')).toBeTruthy();
    // What will arrive here, and a way back meanwhile: not a dead end.
    expect(screen.getByText(/When someone shares a reflection with you/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your journal' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });
});

describe('an opened share (docs/product/sharing.md#sharing-viewer: view-share stale after 5 minutes)', () => {
  it.each([
    { label: '4 minutes', age: 4 * 60_000, asked: 0, outcome: 'kept' },
    { label: '6 minutes', age: SHARE_LIMITS.viewStaleMs + 60_000, asked: 1, outcome: 'asked for again' },
  ])('opened again $label after it was read, it is $outcome', async ({ age, asked }) => {
    const opened = share({ sender: { name: 'Sender Again' } });
    const fetchMock = stubApi({
      ...signedInHandlers(),
      'GET /api/shares/received': page([opened]),
      [`GET /api/shares/${opened.id}/view`]: json(view(opened.id, { sender: { name: 'Sender Again' } })),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(receivedShareKeys.view(opened.id), view(opened.id), {
      updatedAt: Date.now() - age,
    });
    renderWithProviders(<SharedWithMePage />, { path: `/shared?open=${opened.id}`, queryClient });
    const viewer = await screen.findByRole('dialog', { name: 'Shared reflection' });
    expect(await within(viewer).findByText('The whole reflection.')).toBeTruthy();
    // The list is asked for in the same render as the view; once it has answered, a refetch would have started.
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/shares/received').length).toBeGreaterThan(0));
    await waitFor(() => expect(callsTo(fetchMock, `GET /api/shares/${opened.id}/view`)).toHaveLength(asked));
  });
});
