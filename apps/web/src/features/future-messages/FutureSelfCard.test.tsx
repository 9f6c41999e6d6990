import { decryptText, FUTURE_MESSAGE_LIMITS, FUTURE_MESSAGE_MESSAGES, zonedInstant } from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, freePlanFeatures, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { storeTestEntryKey, testEntryKey } from '../../test/entries.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { FutureSelfCard } from './components/FutureSelfCard.tsx';
import { formatSendTime } from './schedule.ts';
import { premiumPlanFeatures, sealedMessage } from './test-messages.ts';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

beforeAll(async () => {
  // The dialog loads on first use; transforming it once here keeps each test's waits about the test itself.
  await import('./components/ScheduleMessageDialog.tsx');
});

beforeEach(() => {
  // Each test counts only its own toasts.
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});

const ZONE = 'Asia/Tokyo';
const UPCOMING = 'GET /api/future-messages/upcoming';
const SCHEDULE = 'POST /api/future-messages';
const PROCESS = 'POST /api/dev/future-messages/process';
/** Next year's 1 March: always more than 5 minutes and less than 10 years ahead. */
const SEND_DATE = `${new Date().getUTCFullYear() + 1}-03-01`;

type Handlers = Parameters<typeof stubApi>[0];

async function renderCard(handlers: Handlers = {}) {
  await storeTestEntryKey();
  const fetchMock = stubApi({
    ...signedInHandlers(),
    'GET /api/me/plan-features': json(premiumPlanFeatures),
    'GET /api/health': json({ status: 'ok', database: 'up', driver: 'pglite', uptimeSeconds: 1 }),
    [UPCOMING]: json({ items: [] }),
    ...handlers,
  });
  const result = renderWithProviders(<FutureSelfCard timeZone={ZONE} />, { path: '/dashboard' });
  return { ...result, fetchMock };
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Schedule a message' }));
  return screen.findByRole('dialog', { name: 'Write to your future self' });
}

function fill(
  dialog: HTMLElement,
  values: { subject?: string; message?: string; date?: string; time?: string },
) {
  const field = (name: RegExp) => within(dialog).getByLabelText(name);
  if (values.subject !== undefined)
    fireEvent.change(field(/^Subject/), { target: { value: values.subject } });
  if (values.message !== undefined)
    fireEvent.change(field(/^Message/), { target: { value: values.message } });
  if (values.date !== undefined) fireEvent.change(field(/^Date/), { target: { value: values.date } });
  if (values.time !== undefined) fireEvent.change(field(/^Time/), { target: { value: values.time } });
}

const submit = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule message' }));

describe('the Future Self card: scheduling', () => {
  it('says "Missing fields" and marks the blank fields, sending nothing', async () => {
    const { fetchMock } = await renderCard();
    const dialog = await openDialog();
    fill(dialog, { subject: 'Hello', time: '09:30' });
    submit(dialog);

    expect(toast.error).toHaveBeenCalledWith(FUTURE_MESSAGE_MESSAGES.missingFields);
    expect(FUTURE_MESSAGE_MESSAGES.missingFields).toBe('Missing fields: Please fill in all fields');
    expect(
      within(dialog)
        .getByLabelText(/^Message/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(within(dialog).getByLabelText(/^Date/).getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog)
        .getByLabelText(/^Subject/)
        .getAttribute('aria-invalid'),
    ).toBe('false');
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Message/));
    expect(callsTo(fetchMock, SCHEDULE)).toHaveLength(0);
  });

  it('counts the characters of the subject (200) and of the message (5,000)', async () => {
    await renderCard();
    const dialog = await openDialog();
    const subject = within(dialog).getByLabelText(/^Subject/);
    const message = within(dialog).getByLabelText(/^Message/);
    expect(subject.getAttribute('maxLength')).toBe(String(FUTURE_MESSAGE_LIMITS.subjectMaxChars));
    expect(message.getAttribute('maxLength')).toBe(String(FUTURE_MESSAGE_LIMITS.messageMaxChars));
    expect(within(dialog).getByText('0/200')).toBeTruthy();
    expect(within(dialog).getByText('0/5,000')).toBeTruthy();

    fill(dialog, { subject: 'Dear me', message: 'Remember the sea.' });
    // The counters describe their fields, so a screen reader hears them with the field.
    const subjectHint = document.getElementById(subject.getAttribute('aria-describedby') ?? '');
    expect(subjectHint?.textContent).toBe('7/200');
    expect(within(dialog).getByText('17/5,000')).toBeTruthy();
  });

  it('encrypts subject and message in the browser: no plaintext is sent; the time is read in the user zone', async () => {
    const { fetchMock } = await renderCard({
      [SCHEDULE]: async ({ body }) => {
        const input = body as { sendAt: string; deliveryChannel: 'both' };
        return jsonResponse(
          {
            ...(await sealedMessage('x', 'y')),
            sendAt: input.sendAt,
            deliveryChannel: input.deliveryChannel,
          },
          201,
        );
      },
    });
    const dialog = await openDialog();
    fill(dialog, {
      subject: 'A note from November',
      message: 'Did you keep writing?',
      date: SEND_DATE,
      time: '09:30',
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Both' }));
    submit(dialog);

    await waitFor(() => expect(callsTo(fetchMock, SCHEDULE)).toHaveLength(1));
    const [sent] = callsTo(fetchMock, SCHEDULE) as Array<{
      subject: { encryptedContent: string; encryptionIv: string };
      message: { encryptedContent: string; encryptionIv: string };
      sendAt: string;
      deliveryChannel: string;
    }>;
    const raw = JSON.stringify(sent);
    expect(raw).not.toContain('November');
    expect(raw).not.toContain('keep writing');
    // Each part with its own IV; the user's key opens them.
    expect(sent?.subject.encryptionIv).not.toBe(sent?.message.encryptionIv);
    const { key } = await testEntryKey();
    const open = (part: { encryptedContent: string; encryptionIv: string }) =>
      decryptText(key, { ciphertext: part.encryptedContent, iv: part.encryptionIv });
    expect(await open(sent?.subject ?? { encryptedContent: '', encryptionIv: '' })).toBe(
      'A note from November',
    );
    expect(await open(sent?.message ?? { encryptedContent: '', encryptionIv: '' })).toBe(
      'Did you keep writing?',
    );
    const sendAt = zonedInstant(SEND_DATE, '09:30', ZONE);
    expect(sent?.sendAt).toBe(sendAt.toISOString());
    expect(sent?.sendAt).toBe(`${SEND_DATE}T00:30:00.000Z`);
    expect(sent?.deliveryChannel).toBe('both');

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        FUTURE_MESSAGE_MESSAGES.scheduled(formatSendTime(sendAt, ZONE)),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The upcoming list is asked again.
    await waitFor(() => expect(callsTo(fetchMock, UPCOMING).length).toBeGreaterThanOrEqual(2));
  });

  it('shows the server refusing the send time on the field, not as a failure', async () => {
    await renderCard({
      [SCHEDULE]: apiError(400, 'VALIDATION_FAILED', FUTURE_MESSAGE_MESSAGES.tooSoon, {
        fields: { sendAt: FUTURE_MESSAGE_MESSAGES.tooSoon },
      }),
    });
    const dialog = await openDialog();
    fill(dialog, { subject: 'S', message: 'M', date: SEND_DATE, time: '09:30' });
    submit(dialog);
    expect(await within(dialog).findByText(FUTURE_MESSAGE_MESSAGES.tooSoon)).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Date/).getAttribute('aria-invalid')).toBe('true');
    expect(toast.error).not.toHaveBeenCalledWith(FUTURE_MESSAGE_MESSAGES.scheduleFailed, expect.anything());
  });

  it('shows the server refusing a part on its field', async () => {
    const tooLong = 'The subject is limited to 200 characters';
    await renderCard({
      [SCHEDULE]: apiError(400, 'VALIDATION_FAILED', tooLong, { fields: { subject: tooLong } }),
    });
    const dialog = await openDialog();
    fill(dialog, { subject: 'S', message: 'M', date: SEND_DATE, time: '09:30' });
    submit(dialog);
    expect(await within(dialog).findByText(tooLong)).toBeTruthy();
    const subject = within(dialog).getByLabelText(/^Subject/);
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(subject);
    // Editing the field clears its message.
    fill(dialog, { subject: 'Shorter' });
    expect(within(dialog).queryByText(tooLong)).toBeNull();
  });

  it('checks the ten-year limit before sending', async () => {
    const { fetchMock } = await renderCard();
    const dialog = await openDialog();
    fill(dialog, {
      subject: 'S',
      message: 'M',
      date: `${new Date().getUTCFullYear() + 11}-01-01`,
      time: '09:30',
    });
    submit(dialog);
    expect(await within(dialog).findByText(FUTURE_MESSAGE_MESSAGES.tooLate)).toBeTruthy();
    expect(callsTo(fetchMock, SCHEDULE)).toHaveLength(0);
  });

  it('says "Failed to schedule message" when the server fails', async () => {
    await renderCard({ [SCHEDULE]: apiError(500, 'INTERNAL', 'Boom') });
    const dialog = await openDialog();
    fill(dialog, { subject: 'S', message: 'M', date: SEND_DATE, time: '09:30' });
    submit(dialog);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(FUTURE_MESSAGE_MESSAGES.scheduleFailed, {
        description: 'Boom',
      }),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says "Error: Encryption unavailable in this browser" outside a secure context', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    try {
      const { fetchMock } = await renderCard();
      const dialog = await openDialog();
      fill(dialog, { subject: 'S', message: 'M', date: SEND_DATE, time: '09:30' });
      submit(dialog);
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith(
          FUTURE_MESSAGE_MESSAGES.encryptionUnavailable,
          expect.anything(),
        ),
      );
      expect(callsTo(fetchMock, SCHEDULE)).toHaveLength(0);
    } finally {
      Object.defineProperty(window, 'isSecureContext', { value: undefined, configurable: true });
    }
  });
});

describe('the Future Self card: upcoming messages', () => {
  it('lists the next pending messages with their decrypted subject and time, and cancels one', async () => {
    const first = await sealedMessage('Open on your birthday', 'Happy birthday', {
      sendAt: '2027-05-04T00:30:00.000Z',
    });
    const second = await sealedMessage('New year', 'Resolutions?', {
      sendAt: '2028-01-01T03:00:00.000Z',
      deliveryChannel: 'both',
    });
    let items = [first, second];
    const { fetchMock } = await renderCard({
      [UPCOMING]: () => jsonResponse({ items }),
      [`POST /api/future-messages/${first.id}/cancel`]: () => {
        items = [second];
        return jsonResponse({ ...first, status: 'cancelled' });
      },
    });

    const list = await screen.findByRole('list', { name: 'Upcoming messages' });
    expect(await within(list).findByText('Open on your birthday')).toBeTruthy();
    // Each row opens its own subject: the second may come a moment after the first.
    expect(await within(list).findByText('New year')).toBeTruthy();
    expect(within(list).getByText('May 4, 2027, 9:30 AM')).toBeTruthy();
    expect(within(list).getByText('Jan 1, 2028, 12:00 PM')).toBeTruthy();

    // One click only asks: "Keep it" steps back with nothing sent to the server.
    const cancelButton = within(list).getByRole('button', { name: 'Cancel “Open on your birthday”' });
    fireEvent.click(cancelButton);
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this message?' });
    expect(dialog.textContent).toContain("“Open on your birthday” will not be sent. This can't be undone.");
    // The dialog's code loads on this first press (ADR 076); focus is inside it, and back on the button after.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(cancelButton));
    expect(callsTo(fetchMock, `POST /api/future-messages/${first.id}/cancel`)).toHaveLength(0);

    fireEvent.click(cancelButton);
    dialog = await screen.findByRole('dialog', { name: 'Cancel this message?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel message' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Cancelled.', {
        description: '“Open on your birthday” will not be sent.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(list).queryByText('Open on your birthday')).toBeNull());
    expect(callsTo(fetchMock, `POST /api/future-messages/${first.id}/cancel`)).toHaveLength(1);
  });

  it('says when nothing is scheduled', async () => {
    await renderCard();
    expect(await screen.findByText('Nothing scheduled yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all messages' }).getAttribute('href')).toBe('/me-ahead');
  });
});

describe('the Future Self card: plan and test tools', () => {
  it('is locked on the Free plan: the reason, and an upgrade dialog leading to /profile', async () => {
    const { fetchMock } = await renderCard({ 'GET /api/me/plan-features': json(freePlanFeatures) });
    const locked = await screen.findByRole('button', { name: 'Schedule a message' });
    await waitFor(() => expect(locked.hasAttribute('data-locked')).toBe(true));
    const reason = document.getElementById(locked.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Upgrade to Premium to send future messages');

    locked.focus();
    fireEvent.click(locked);
    const dialog = await screen.findByRole('dialog', { name: FUTURE_MESSAGE_MESSAGES.upgradeTooltip });
    const link = within(dialog).getByRole('link', { name: 'See Premium' });
    expect(link.getAttribute('href')).toBe('/profile#subscription');
    // Free accounts do not ask for upcoming messages.
    expect(callsTo(fetchMock, UPCOMING)).toHaveLength(0);
  });

  it('has no Test button unless the server has test tools', async () => {
    await renderCard();
    await screen.findByText('Nothing scheduled yet.');
    expect(screen.queryByRole('button', { name: 'Test' })).toBeNull();
  });

  it('with test tools, "Test" processes due messages and refreshes the list', async () => {
    const { fetchMock } = await renderCard({
      'GET /api/health': json({
        status: 'ok',
        database: 'up',
        driver: 'pglite',
        uptimeSeconds: 1,
        testTools: true,
      }),
      [PROCESS]: json({ processed: 2 }),
    });
    await screen.findByText('Nothing scheduled yet.');
    fireEvent.click(await screen.findByRole('button', { name: 'Test' }));
    await waitFor(() => expect(callsTo(fetchMock, PROCESS)).toHaveLength(1));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Processed 2 due messages'));
    await waitFor(() => expect(callsTo(fetchMock, UPCOMING).length).toBeGreaterThanOrEqual(2));
  });
});
