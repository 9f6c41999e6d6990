import { FUTURE_MESSAGE_MESSAGES, type Notification } from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import { callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { storeTestEntryKey } from '../../test/entries.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { useNotificationSummary } from './api.ts';
import { FutureMessageBanner, newestUnreadArrival } from './components/FutureMessageBanner.tsx';
import { sealedMessage } from './test-messages.ts';

/** Shows when the summary has arrived: the banner beside it has then rendered with the same answer. */
function SummaryLoaded() {
  const summary = useNotificationSummary();
  return summary.data ? <p>{`Unread: ${summary.data.unreadCount}`}</p> : null;
}

const SUMMARY = 'GET /api/notifications/summary';

function notification(overrides: Partial<Notification>): Notification {
  return {
    id: 'n-1',
    type: 'future_email',
    title: 'A note from November',
    message: 'Your past self wrote to you.',
    isRead: false,
    createdAt: '2027-03-01T09:00:00.000Z',
    metadata: {},
    ...overrides,
  };
}

function renderBanner(latest: Notification[], handlers: Parameters<typeof stubApi>[0] = {}) {
  let summary = { latest, unreadCount: latest.filter((item) => !item.isRead).length };
  const fetchMock = stubApi({
    ...signedInHandlers(),
    [SUMMARY]: () => jsonResponse(summary),
    ...handlers,
  });
  const result = renderWithProviders(
    <>
      <FutureMessageBanner />
      <SummaryLoaded />
    </>,
    {
      path: '/dashboard',
      routes: [{ path: '/notifications', element: <h1>Notifications page</h1> }],
    },
  );
  return {
    ...result,
    fetchMock,
    setSummary: (next: Notification[]) => {
      summary = { latest: next, unreadCount: next.filter((item) => !item.isRead).length };
    },
  };
}

const banner = () => screen.findByRole('region', { name: FUTURE_MESSAGE_MESSAGES.bannerTitle });

describe('newestUnreadArrival', () => {
  it('picks the newest unread future_email, ignoring other types and read ones', () => {
    const older = notification({ id: 'a', createdAt: '2027-01-01T00:00:00Z' });
    const newer = notification({ id: 'b', createdAt: '2027-02-01T00:00:00Z' });
    const read = notification({ id: 'c', createdAt: '2027-03-01T00:00:00Z', isRead: true });
    const share = notification({ id: 'd', type: 'share_received', createdAt: '2027-04-01T00:00:00Z' });
    expect(newestUnreadArrival([older, share, read, newer])?.id).toBe('b');
    expect(newestUnreadArrival([read, share])).toBeUndefined();
  });
});

describe('the future-message banner', () => {
  it('shows the arrival with its title; "Read now" marks it read and opens /notifications', async () => {
    const { fetchMock, router, setSummary } = renderBanner([notification({ id: 'n-7' })], {
      'POST /api/notifications/n-7/read': () => {
        setSummary([notification({ id: 'n-7', isRead: true })]);
        return new Response(null, { status: 204 });
      },
    });
    const region = await banner();
    expect(within(region).getByText('Message from your past self arrived!')).toBeTruthy();
    expect(within(region).getByText('A note from November')).toBeTruthy();

    fireEvent.click(within(region).getByRole('button', { name: 'Read now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
    expect(callsTo(fetchMock, 'POST /api/notifications/n-7/read')).toHaveLength(1);
  });

  it('shows the arrived message’s own subject, decrypted in the browser', async () => {
    await storeTestEntryKey();
    const message = await sealedMessage('Open me on a rainy day', 'Hello', { status: 'sent' });
    renderBanner([notification({ metadata: { futureMessageId: message.id } })], {
      [`GET /api/future-messages/${message.id}`]: json(message),
    });
    const region = await banner();
    expect(await within(region).findByText('“Open me on a rainy day”')).toBeTruthy();
  });

  it('is dismissible, remembering that notification, and shows again for a newer one', async () => {
    const first = renderBanner([notification({ id: 'n-1' })]);
    const region = await banner();
    fireEvent.click(within(region).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: FUTURE_MESSAGE_MESSAGES.bannerTitle })).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.futureMessageBannerDismissed)).toBe('n-1');
    first.unmount();

    // Still dismissed after a reload.
    const again = renderBanner([notification({ id: 'n-1' })]);
    expect(await screen.findByText('Unread: 1')).toBeTruthy();
    expect(screen.queryByRole('region', { name: FUTURE_MESSAGE_MESSAGES.bannerTitle })).toBeNull();
    again.unmount();

    renderBanner([
      notification({ id: 'n-2', title: 'Another one', createdAt: '2027-04-01T00:00:00Z' }),
      notification({ id: 'n-1' }),
    ]);
    expect(within(await banner()).getByText('Another one')).toBeTruthy();
  });

  it('shows nothing without an unread future message', async () => {
    renderBanner([
      notification({ id: 'r', isRead: true }),
      notification({ id: 's', type: 'share_received' }),
    ]);
    expect(await screen.findByText('Unread: 1')).toBeTruthy();
    expect(screen.queryByRole('region', { name: FUTURE_MESSAGE_MESSAGES.bannerTitle })).toBeNull();
  });
});
