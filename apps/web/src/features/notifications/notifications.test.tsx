import {
  encryptText,
  generateKeyPair,
  type Notification,
  sealTextToPublicKey,
  thankYouSealContext,
  wrapPrivateKey,
} from '@daybook/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { OPEN_SHARE_PARAM } from '../../lib/constants.ts';
import { apiError, callsTo, json, sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
import { storeTestEntryKey, testEntryKey } from '../../test/entries.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { NotificationBell } from './components/NotificationBell.tsx';
import NotificationsPage from './pages/NotificationsPage.tsx';

// The popovers and dialogs here are lazy chunks: the first to open pays for transforming them, which on a busy
// two-core machine can pass the 5 s default wait (this file's modules only: vitest isolates test files).
configure({ asyncUtilTimeout: 15_000 });

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

type Handlers = Parameters<typeof stubApi>[0];

/** Stands in for /shared: shows which share the address asks it to open. */
function OpenedShare() {
  const [params] = useSearchParams();
  return <p>Opened share {params.get(OPEN_SHARE_PARAM)}</p>;
}

let nextId = 1;
function notification(overrides: Partial<Notification> = {}): Notification {
  const id = `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
  return {
    id,
    type: 'share_received',
    title: `Notification ${id.slice(-3)}`,
    message: 'Someone shared a reflection with you',
    isRead: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    metadata: {},
    ...overrides,
  };
}

function renderBell(handlers: Handlers) {
  const fetchMock = stubApi({ ...signedInHandlers(), ...handlers });
  const result = renderWithProviders(<NotificationBell />, {
    path: '/dashboard',
    routes: [{ path: '/notifications', element: <p>All notifications page</p> }],
  });
  return { ...result, fetchMock };
}

const summary = (latest: Notification[], unreadCount: number) =>
  json({ latest, unreadCount } satisfies { latest: Notification[]; unreadCount: number });

async function openBell(name: string | RegExp) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('the notification bell', () => {
  it('shows "9+" above 9 unread and says the exact count to screen readers', async () => {
    renderBell({ 'GET /api/notifications/summary': summary([notification()], 12) });
    const bell = await screen.findByRole('button', { name: '12 unread notifications' });
    expect(within(bell).getByText('9+')).toBeTruthy();
  });

  it('shows the count itself up to 9, and no badge without unread items', async () => {
    const { unmount } = renderBell({ 'GET /api/notifications/summary': summary([notification()], 9) });
    const bell = await screen.findByRole('button', { name: '9 unread notifications' });
    expect(within(bell).getByText('9')).toBeTruthy();
    unmount();
    renderBell({ 'GET /api/notifications/summary': summary([], 0) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
    expect(screen.queryByTestId('count-badge')).toBeNull();
  });

  it('opens on the latest 5 with "Mark all read", which marks them all read', async () => {
    const items = Array.from({ length: 5 }, () => notification());
    let unread = 5;
    const { fetchMock } = renderBell({
      'GET /api/notifications/summary': () =>
        jsonResponse({ latest: items.map((n) => ({ ...n, isRead: unread === 0 })), unreadCount: unread }),
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return new Response(null, { status: 204 });
      },
    });
    const popover = await openBell('5 unread notifications');
    expect(within(popover).getAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(within(popover).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/notifications/read-all')).toHaveLength(1));
    await waitFor(() => expect(within(popover).queryByRole('button', { name: 'Mark all read' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('has no "Mark all read" when everything is read, and says so when there is nothing', async () => {
    renderBell({
      'GET /api/notifications/summary': summary([notification({ isRead: true, title: 'Old' })], 0),
    });
    const popover = await openBell('Notifications');
    await within(popover).findByText('Old');
    expect(within(popover).queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('shows "No notifications yet" and links to all notifications', async () => {
    renderBell({ 'GET /api/notifications/summary': summary([], 0) });
    const popover = await openBell('Notifications');
    expect(await within(popover).findByText('No notifications yet')).toBeTruthy();
    fireEvent.click(within(popover).getByRole('link', { name: 'View all notifications' }));
    expect(await screen.findByText('All notifications page')).toBeTruthy();
  });

  it('styles each type, unknown types by default, and shows the mood emoji', async () => {
    const items = [
      notification({ type: 'thank_you_received', title: 'Thanks' }),
      notification({ type: 'future_email', title: 'Future', metadata: { moodTag: 'Grateful' } }),
      notification({ type: 'something_new', title: 'Odd one' }),
    ];
    renderBell({ 'GET /api/notifications/summary': summary(items, 3) });
    const popover = await openBell('3 unread notifications');
    const typeOf = (title: string) =>
      within(popover).getByText(title).closest('[data-type]')?.getAttribute('data-type');
    expect(await within(popover).findByText('Thanks')).toBeTruthy();
    expect(typeOf('Thanks')).toBe('thank_you_received');
    expect(typeOf('Future')).toBe('future_email');
    expect(typeOf('Odd one')).toBe('something_new');
    expect(within(popover).getByRole('img', { name: 'Mood: Grateful' }).textContent).toBe('🙏');
  });

  it('opens a thank-you note decrypted with the user’s own key, and marks it read', async () => {
    await storeTestEntryKey();
    const { key } = await testEntryKey();
    const sealed = await encryptText(key, 'Your words helped me today.');
    const thanks = notification({
      type: 'thank_you_received',
      title: 'Thanks!',
      metadata: { thankYouId: 'ty-1' },
    });
    const { fetchMock } = renderBell({
      'GET /api/notifications/summary': summary([thanks], 1),
      'GET /api/thank-you-notes/ty-1': json({
        id: 'ty-1',
        encryptedMessage: sealed.ciphertext,
        encryptionIv: sealed.iv,
        createdAt: thanks.createdAt,
      }),
      [`POST /api/notifications/${thanks.id}/read`]: () => new Response(null, { status: 204 }),
    });
    const popover = await openBell('1 unread notification');
    fireEvent.click(await within(popover).findByRole('button', { name: /Thanks!/ }));
    expect(await within(popover).findByText('Your words helped me today.')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/notifications/${thanks.id}/read`)).toHaveLength(1);
  });

  it('opens a thank-you note sealed to the user’s key pair in the recipient’s browser (ADR 102)', async () => {
    await storeTestEntryKey();
    const { key } = await testEntryKey();
    const pair = await generateKeyPair();
    const shareId = '00000000-0000-4000-8000-0000000000aa';
    const sealed = await sealTextToPublicKey(
      pair.publicKey,
      'Sealed for you alone.',
      thankYouSealContext(shareId),
    );
    const thanks = notification({
      type: 'thank_you_received',
      title: 'Thanks!',
      metadata: { thankYouId: 'ty-3', shareId },
    });
    const { fetchMock } = renderBell({
      'GET /api/notifications/summary': summary([thanks], 1),
      'GET /api/thank-you-notes/ty-3': json({
        id: 'ty-3',
        shareId,
        format: 'sealed',
        encryptedMessage: sealed,
        encryptionIv: '',
        createdAt: thanks.createdAt,
      }),
      // The account's pair as the server keeps it: wrapped under the standard key in this mode.
      'GET /api/me/key-pair': json({
        publicKey: pair.publicKey,
        wrappedPrivateKey: await wrapPrivateKey(key, pair.privateKey, 1, sessionUser.id),
        wrapKind: 1,
        mode: 'standard',
        createdAt: thanks.createdAt,
        rewrappedAt: thanks.createdAt,
      }),
      [`POST /api/notifications/${thanks.id}/read`]: () => new Response(null, { status: 204 }),
    });
    const popover = await openBell('1 unread notification');
    fireEvent.click(await within(popover).findByRole('button', { name: /Thanks!/ }));
    expect(await within(popover).findByText('Sealed for you alone.')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/me/key-pair').length).toBeGreaterThan(0);
  });

  it('opens a shared entry where a "New shared entry" notification leads, and marks it read', async () => {
    const shared = notification({ title: 'New shared entry', metadata: { shareId: 'share-7' } });
    const fetchMock = stubApi({
      ...signedInHandlers(),
      'GET /api/notifications/summary': summary([shared], 1),
      [`POST /api/notifications/${shared.id}/read`]: () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<NotificationBell />, {
      path: '/dashboard',
      routes: [{ path: '/shared', element: <OpenedShare /> }],
    });
    const popover = await openBell('1 unread notification');
    fireEvent.click(await within(popover).findByRole('button', { name: /New shared entry/ }));
    expect(await screen.findByText('Opened share share-7')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/notifications/${shared.id}/read`)).toHaveLength(1);
  });

  it('shows nothing for a thank-you note that cannot be decrypted', async () => {
    await storeTestEntryKey();
    const thanks = notification({
      type: 'thank_you_received',
      title: 'Thanks!',
      metadata: { thankYouId: 'ty-2' },
    });
    const { fetchMock } = renderBell({
      'GET /api/notifications/summary': summary([thanks], 1),
      'GET /api/thank-you-notes/ty-2': json({
        id: 'ty-2',
        encryptedMessage: 'bm90IGEgY2lwaGVydGV4dA==',
        encryptionIv: 'AAAAAAAAAAAAAAAA',
        createdAt: thanks.createdAt,
      }),
      [`POST /api/notifications/${thanks.id}/read`]: () => new Response(null, { status: 204 }),
    });
    const popover = await openBell('1 unread notification');
    fireEvent.click(await within(popover).findByRole('button', { name: /Thanks!/ }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/thank-you-notes/ty-2')).toHaveLength(1));
    await waitFor(() => expect(within(popover).queryByRole('status')).toBeNull());
    expect(within(popover).queryByRole('blockquote')).toBeNull();
    expect(within(popover).queryByText(/Decryption failed/)).toBeNull();
  });
});

describe('/notifications', () => {
  function renderPage(handlers: Handlers, path = '/notifications') {
    const fetchMock = stubApi({ ...signedInHandlers(), ...handlers });
    const result = renderWithProviders(<NotificationsPage />, { path });
    return { ...result, fetchMock };
  }

  const pageQueries = (fetchMock: ReturnType<typeof stubApi>) =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/notifications')
      .map((url) => Object.fromEntries(url.searchParams));

  it('shows skeletons, then the empty state', async () => {
    renderPage({ 'GET /api/notifications': json({ items: [], total: 0 }) });
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
    // What will arrive here, and a way back meanwhile: not a dead end.
    expect(screen.getByText(/Thank-you notes for the reflections you share/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your journal' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('asks for page 0 of 20 first, and pages on from there', async () => {
    const items = Array.from({ length: 20 }, (_, index) =>
      notification({ isRead: true, title: `N${index}` }),
    );
    const { fetchMock } = renderPage({ 'GET /api/notifications': json({ items, total: 45 }) });
    await screen.findByText('N19');
    expect(pageQueries(fetchMock)[0]).toEqual({ page: '0', pageSize: '20' });
    const pages = screen.getByRole('navigation', { name: 'Notification pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(pageQueries(fetchMock).at(-1)).toEqual({ page: '2', pageSize: '20' }));
  });

  it('marks one read, marks all read and deletes', async () => {
    const first = notification({ title: 'First' });
    const second = notification({ title: 'Second', isRead: true });
    const { fetchMock } = renderPage({
      'GET /api/notifications': json({ items: [first, second], total: 2 }),
      'GET /api/notifications/summary': summary([first, second], 1),
      [`POST /api/notifications/${first.id}/read`]: () => new Response(null, { status: 204 }),
      'POST /api/notifications/read-all': () => new Response(null, { status: 204 }),
      [`DELETE /api/notifications/${second.id}`]: () => new Response(null, { status: 204 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark "First" as read' }));
    expect(screen.queryByRole('button', { name: 'Mark "Second" as read' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete "Second"' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => {
      expect(callsTo(fetchMock, `POST /api/notifications/${first.id}/read`)).toHaveLength(1);
      expect(callsTo(fetchMock, `DELETE /api/notifications/${second.id}`)).toHaveLength(1);
      expect(callsTo(fetchMock, 'POST /api/notifications/read-all')).toHaveLength(1);
    });
  });

  it('says why a list cannot be loaded and offers another try', async () => {
    renderPage({ 'GET /api/notifications': apiError(500, 'INTERNAL', 'Something went wrong') });
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
