import { FUTURE_MESSAGE_LIMITS, type FutureMessage } from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { storeTestEntryKey } from '../../test/entries.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import FutureMessagesPage from './pages/FutureMessagesPage.tsx';
import { formatSendTime } from './schedule.ts';
import { premiumPlanFeatures, sealedMessage } from './test-messages.ts';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const LIST = 'GET /api/future-messages';
type Handlers = Parameters<typeof stubApi>[0];

async function renderPage(handlers: Handlers, path = '/me-ahead') {
  await storeTestEntryKey();
  const fetchMock = stubApi({
    ...signedInHandlers(),
    'GET /api/me/plan-features': json(premiumPlanFeatures),
    ...handlers,
  });
  const result = renderWithProviders(<FutureMessagesPage />, { path });
  return { ...result, fetchMock };
}

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('/me-ahead', () => {
  it('shows skeletons while loading, then the empty state', async () => {
    let answer: (response: Response) => void = () => undefined;
    await renderPage({ [LIST]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(await screen.findByText('Loading your messages')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages to your future self' })).toBeTruthy();

    answer(jsonResponse({ items: [], total: 0 }));
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeTruthy();
    expect(screen.queryByText('Loading your messages')).toBeNull();
  });

  it('lists every state with its badge and dates; a delivered one opens and is read', async () => {
    const pending = await sealedMessage('For next spring', 'Plant the tulips', {
      sendAt: '2027-04-01T08:00:00.000Z',
    });
    const sent = await sealedMessage('One year on', 'You made it through the winter.', {
      status: 'sent',
      sendAt: '2026-11-01T08:00:00.000Z',
      sentAt: '2026-11-01T08:01:00.000Z',
      deliveryChannel: 'in-app',
    });
    const cancelled = await sealedMessage('Never mind', 'x', { status: 'cancelled' });
    const failed = await sealedMessage('Bounced', 'y', {
      status: 'failed',
      failureReason: 'The mail server refused the address',
    });
    await renderPage({ [LIST]: json({ items: [pending, sent, cancelled, failed], total: 4 }) });

    const list = await screen.findByRole('list', { name: 'Your messages' });
    const row = async (subject: string) =>
      (await within(list).findByText(subject)).closest('li') as HTMLElement;

    const pendingRow = await row('For next spring');
    expect(within(pendingRow).getByText('Scheduled')).toBeTruthy();
    expect(
      within(pendingRow).getByText(`Sends ${formatSendTime(pending.sendAt, zone())} by e-mail`),
    ).toBeTruthy();
    expect(within(pendingRow).queryByRole('button', { name: /^Read/ })).toBeNull();

    const sentRow = await row('One year on');
    expect(within(sentRow).getByText('Delivered')).toBeTruthy();
    expect(
      within(sentRow).getByText(`Delivered ${formatSendTime('2026-11-01T08:01:00.000Z', zone())} in the app`),
    ).toBeTruthy();
    expect(within(await row('Never mind')).getByText('Cancelled')).toBeTruthy();
    const failedRow = await row('Bounced');
    expect(within(failedRow).getByText('Failed')).toBeTruthy();
    expect(within(failedRow).getByText('Reason: The mail server refused the address')).toBeTruthy();
    expect(within(failedRow).queryByRole('button', { name: /^Cancel/ })).toBeNull();

    // The body is decrypted only when opened.
    expect(screen.queryByText('You made it through the winter.')).toBeNull();
    const read = within(sentRow).getByRole('button', { name: 'Read “One year on”' });
    expect(read.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(read);
    expect(await within(sentRow).findByText('You made it through the winter.')).toBeTruthy();
    const close = within(sentRow).getByRole('button', { name: 'Close “One year on”' });
    expect(close.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(close);
    expect(within(sentRow).queryByText('You made it through the winter.')).toBeNull();
  });

  it('cancels a pending message once confirmed: "Cancelled." and the list refreshes', async () => {
    const pending = await sealedMessage('Cancel me', 'z');
    let items: FutureMessage[] = [pending];
    const { fetchMock } = await renderPage({
      [LIST]: () => jsonResponse({ items, total: items.length }),
      [`POST /api/future-messages/${pending.id}/cancel`]: () => {
        items = [{ ...pending, status: 'cancelled' }];
        return jsonResponse(items[0]);
      },
    });
    const list = await screen.findByRole('list', { name: 'Your messages' });
    fireEvent.click(await within(list).findByRole('button', { name: 'Cancel “Cancel me”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this message?' });
    expect(callsTo(fetchMock, `POST /api/future-messages/${pending.id}/cancel`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel message' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Cancelled.', {
        description: '“Cancel me” will not be sent.',
      }),
    );
    expect(await within(list).findByText('Cancelled')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(callsTo(fetchMock, `POST /api/future-messages/${pending.id}/cancel`)).toHaveLength(1);
  });

  it('pages through the messages, 0-based to the API and 1-based in the address', async () => {
    const first = await sealedMessage('On page one', 'a');
    const second = await sealedMessage('On page two', 'b');
    const total = FUTURE_MESSAGE_LIMITS.pageSize + 1;
    const { fetchMock, router } = await renderPage({
      [LIST]: ({ url }) =>
        jsonResponse({ items: url.searchParams.get('page') === '1' ? [second] : [first], total }),
    });
    expect(await screen.findByText('On page one')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Message pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('On page two')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/future-messages')
      .map((url) => url.searchParams.get('page'));
    expect(asked).toEqual(['0', '1']);
  });

  it('filters by state through ?status=, back to page 1', async () => {
    const pending = await sealedMessage('Still to come', 'a');
    const sent = await sealedMessage('Already here', 'b', {
      status: 'sent',
      sentAt: '2026-11-01T08:00:00.000Z',
    });
    const { fetchMock, router } = await renderPage(
      {
        [LIST]: ({ url }) => {
          const status = url.searchParams.get('status');
          const items = status === 'sent' ? [sent] : status === 'failed' ? [] : [pending, sent];
          return jsonResponse({ items, total: items.length });
        },
      },
      '/me-ahead?page=2',
    );
    const filters = await screen.findByRole('radiogroup', { name: 'Show messages' });
    expect(within(filters).getByRole('radio', { name: 'All' }).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(within(filters).getByRole('radio', { name: 'Delivered' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=sent'));
    expect(await screen.findByText('Already here')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Still to come')).toBeNull());
    const last = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/future-messages')
      .at(-1);
    expect(Object.fromEntries(last?.searchParams ?? [])).toEqual({
      page: '0',
      pageSize: '20',
      status: 'sent',
    });

    fireEvent.click(within(filters).getByRole('radio', { name: 'Failed' }));
    expect(await screen.findByText('No failed messages.')).toBeTruthy();
  });

  it('says when the messages cannot be loaded, and tries again', async () => {
    let isDown = true;
    await renderPage({
      [LIST]: (request) =>
        isDown ? apiError(500, 'INTERNAL', 'Boom')(request) : jsonResponse({ items: [], total: 0 }),
    });
    expect(await screen.findByText('Your messages could not be loaded.')).toBeTruthy();
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeTruthy();
  });
});
