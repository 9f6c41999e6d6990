import { MODERATION_MESSAGES, type PlanFeatures, type SentShare, SHARE_MESSAGES } from '@daybook/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CRISIS_TOAST_ID } from '../../../lib/moderation/announce.ts';
import { apiError, callsTo, freePlanFeatures, json, signedInHandlers, stubApi } from '../../../test/api.ts';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { SHARE_UPGRADE_TARGET, ShareButton } from './index.ts';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const ENTRY = '11111111-1111-4111-8111-111111111111';
const SHARES = `GET /api/entries/${ENTRY}/shares`;
const CREATE = `POST /api/entries/${ENTRY}/shares`;
const DAY = 86_400_000;
const premium: PlanFeatures = { ...freePlanFeatures, can_share_entries: true, audio_entries: true };

let nextShare = 1;
function sentShare(overrides: Partial<SentShare> = {}): SentShare {
  const id = `22222222-2222-4222-8222-${String(nextShare++).padStart(12, '0')}`;
  return {
    id,
    entryId: ENTRY,
    recipientEmail: `friend${nextShare}@example.com`,
    recipientName: null,
    recipientRegistered: false,
    status: 'active',
    includeMedia: true,
    resendCount: 0,
    createdAt: new Date(Date.now() - 2 * DAY).toISOString(),
    expiresAt: new Date(Date.now() + 28 * DAY).toISOString(),
    events: [],
    ...overrides,
  };
}

function renderButton({
  features = premium,
  shares = [],
  hasMedia = false,
  handlers = {},
}: {
  features?: PlanFeatures;
  shares?: SentShare[];
  hasMedia?: boolean;
  handlers?: Parameters<typeof stubApi>[0];
} = {}) {
  const fetchMock = stubApi({
    ...signedInHandlers(),
    'GET /api/me/plan-features': json(features),
    [SHARES]: json({ shares }),
    ...handlers,
  });
  const queryClient = createTestQueryClient();
  const result = renderWithProviders(<ShareButton entryId={ENTRY} hasMedia={hasMedia} />, {
    path: '/dashboard',
    queryClient,
    routes: [{ path: '/profile', element: <h1>Profile Settings</h1> }],
  });
  return { ...result, fetchMock, queryClient };
}

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
  return screen.findByRole('menu');
}

async function openShareDialog() {
  const menu = await openMenu();
  fireEvent.click(within(menu).getByRole('menuitem', { name: 'Share with someone new' }));
  return screen.findByRole('dialog', { name: 'Share reflection' });
}

async function openManageDialog() {
  const menu = await openMenu();
  fireEvent.click(within(menu).getByRole('menuitem', { name: /^Manage shares/ }));
  return screen.findByRole('dialog', { name: 'Manage Sharing' });
}

function addRecipient(dialog: HTMLElement, value: string, key = 'Enter') {
  const input = within(dialog).getByRole('textbox', { name: 'Recipients' });
  fireEvent.change(input, { target: { value } });
  if (key) fireEvent.keyDown(input, { key });
  return input;
}

const chips = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('button', { name: /^Remove / })
    .map((button) => button.getAttribute('aria-label')?.replace('Remove ', ''));

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

// The menu and dialogs load on first use (React.lazy); importing them once here keeps that first transform on a
// busy machine out of the tests' waiting time.
beforeAll(async () => {
  await import('./ShareMenu.tsx');
}, 60_000);

describe('ShareButton on a plan without sharing', () => {
  it('is locked with the upgrade tooltip, stays focusable, and opens the upgrade dialog to /profile', async () => {
    const { fetchMock, router } = renderButton({ features: freePlanFeatures });
    const button = await screen.findByRole('button', {
      name: 'Share',
      description: SHARE_MESSAGES.upgradeTooltip,
    });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.hasAttribute('data-locked')).toBe(true);
    button.focus();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: SHARE_MESSAGES.upgradeTooltip });
    const link = within(dialog).getByRole('link', { name: 'See Premium' });
    expect(link.getAttribute('href')).toBe(SHARE_UPGRADE_TARGET);
    expect(SHARE_UPGRADE_TARGET.startsWith('/profile')).toBe(true);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    // Nothing about shares is asked for on a plan that cannot share.
    expect(callsTo(fetchMock, SHARES)).toHaveLength(0);
  });

  it('counts as Free when the plan cannot be loaded', async () => {
    renderButton({
      handlers: { 'GET /api/me/plan-features': apiError(500, 'INTERNAL', 'Something went wrong') },
    });
    expect(
      await screen.findByRole('button', { name: 'Share', description: SHARE_MESSAGES.upgradeTooltip }),
    ).toBeTruthy();
  });
});

describe('ShareButton menu', () => {
  it('offers "Share with someone new" and "Manage shares" with the number of shares', async () => {
    const { fetchMock } = renderButton({
      shares: [sentShare(), sentShare({ status: 'revoked' })],
    });
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Share with someone new' })).toBeTruthy();
    expect(await within(menu).findByRole('menuitem', { name: 'Manage shares (2 shares)' })).toBeTruthy();
    expect(callsTo(fetchMock, SHARES)).toHaveLength(1);
  });
});

describe('Share reflection dialog', () => {
  it('adds lower-cased chips on Enter, comma and blur, and says why an address is refused', async () => {
    renderButton();
    const dialog = await openShareDialog();
    const input = within(dialog).getByRole('textbox', { name: 'Recipients' });
    // Focus starts in the recipients field.
    await waitFor(() => expect(document.activeElement).toBe(input));

    addRecipient(dialog, 'Bob@Example.com');
    expect(chips(dialog)).toEqual(['bob@example.com']);
    expect((input as HTMLInputElement).value).toBe('');

    addRecipient(dialog, 'carol@example.com,', '');
    expect(chips(dialog)).toEqual(['bob@example.com', 'carol@example.com']);

    fireEvent.change(input, { target: { value: 'dave@example.com' } });
    fireEvent.blur(input);
    expect(chips(dialog)).toEqual(['bob@example.com', 'carol@example.com', 'dave@example.com']);

    addRecipient(dialog, 'not-an-address');
    expect(within(dialog).getByRole('alert').textContent).toBe(SHARE_MESSAGES.invalidEmail);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // The refused text stays to be corrected.
    expect((input as HTMLInputElement).value).toBe('not-an-address');

    addRecipient(dialog, 'BOB@example.com');
    expect(within(dialog).getByRole('alert').textContent).toBe(SHARE_MESSAGES.duplicateEmail);

    addRecipient(dialog, 'ada@example.com');
    expect(within(dialog).getByRole('alert').textContent).toBe(SHARE_MESSAGES.selfShare);

    addRecipient(dialog, 'erin@example.com');
    addRecipient(dialog, 'frank@example.com');
    expect(chips(dialog)).toHaveLength(5);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    addRecipient(dialog, 'grace@example.com');
    expect(within(dialog).getByRole('alert').textContent).toBe(SHARE_MESSAGES.maxRecipients);
    expect(chips(dialog)).toHaveLength(5);

    // A chip can be removed; focus returns to the field.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove carol@example.com' }));
    expect(chips(dialog)).toEqual([
      'bob@example.com',
      'dave@example.com',
      'erin@example.com',
      'frank@example.com',
    ]);
    expect(document.activeElement).toBe(input);
  });

  it('adds pasted addresses up to the first refused one, which stays in the field with the rest', async () => {
    renderButton();
    const dialog = await openShareDialog();
    const input = addRecipient(dialog, 'Ann@example.com, nope; cat@example.com, dan@exa', '');
    expect(chips(dialog)).toEqual(['ann@example.com']);
    expect(within(dialog).getByRole('alert').textContent).toBe(SHARE_MESSAGES.invalidEmail);
    expect((input as HTMLInputElement).value).toBe('nope, cat@example.com, dan@exa');
    // Corrected, Enter adds them all.
    fireEvent.change(input, { target: { value: 'nope@example.com, cat@example.com, dan@example.com' } });
    expect(chips(dialog)).toEqual(['ann@example.com', 'nope@example.com', 'cat@example.com']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chips(dialog)).toEqual([
      'ann@example.com',
      'nope@example.com',
      'cat@example.com',
      'dan@example.com',
    ]);
    expect((input as HTMLInputElement).value).toBe('');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('keeps Share disabled until there is a recipient and consent, and counts the note to 300', async () => {
    renderButton();
    const dialog = await openShareDialog();
    const submit = within(dialog).getByRole('button', { name: 'Share' }) as HTMLButtonElement;
    const consent = within(dialog).getByRole('checkbox', { name: SHARE_MESSAGES.consentLabel });
    expect(submit.disabled).toBe(true);

    fireEvent.click(consent);
    expect(submit.disabled).toBe(true);
    addRecipient(dialog, 'bob@example.com');
    expect(submit.disabled).toBe(false);
    fireEvent.click(consent);
    expect(submit.disabled).toBe(true);

    const note = within(dialog).getByRole('textbox', { name: 'Note (optional)' });
    expect(within(dialog).getByText('0/300')).toBeTruthy();
    fireEvent.change(note, { target: { value: 'Thinking of you' } });
    expect(within(dialog).getByText('15/300')).toBeTruthy();
    fireEvent.change(note, { target: { value: 'x'.repeat(350) } });
    expect((note as HTMLTextAreaElement).value).toHaveLength(300);
    expect(within(dialog).getByText('300/300')).toBeTruthy();
    // No media on this entry: no switch.
    expect(within(dialog).queryByRole('switch')).toBeNull();
  });

  it('sends the recipients, note, media choice and consent, then refreshes the list and the shares', async () => {
    const created = [sentShare({ recipientEmail: 'bob@example.com' })];
    const { fetchMock, queryClient } = renderButton({
      hasMedia: true,
      handlers: { [CREATE]: json({ shares: created }, 201) },
    });
    const listKey = ['entries', 'list', 'user-1', { page: 1 }];
    queryClient.setQueryData(listKey, { entries: [], total: 0, page: 1, pageSize: 5 });
    const dialog = await openShareDialog();

    const media = within(dialog).getByRole('switch', { name: 'Include media' });
    expect(media.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(media);
    expect(media.getAttribute('aria-checked')).toBe('false');

    addRecipient(dialog, 'Bob@example.com');
    // An address typed but not yet added goes along too.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Recipients' }), {
      target: { value: 'carol@example.com' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: '  For you  ' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: SHARE_MESSAGES.consentLabel }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(SHARE_MESSAGES.shared, { description: 'Sent to 2 people' }),
    );
    expect(callsTo(fetchMock, CREATE)).toEqual([
      {
        recipients: [{ email: 'bob@example.com' }, { email: 'carol@example.com' }],
        includeMedia: false,
        note: 'For you',
        consent: true,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['shares', 'sent', ENTRY])?.isInvalidated).toBe(true);
    // Focus goes back to the share button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Share' })));
  });

  it('shows "Sharing…" while the request runs, and stays open until it is answered', async () => {
    let answer: (response: Response) => void = () => {};
    renderButton({ handlers: { [CREATE]: () => new Promise<Response>((resolve) => (answer = resolve)) } });
    const dialog = await openShareDialog();
    addRecipient(dialog, 'bob@example.com');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: SHARE_MESSAGES.consentLabel }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    const busy = (await within(dialog).findByRole('button', { name: 'Sharing…' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Share reflection' })).toBeTruthy();
    await act(async () => answer(jsonResponse({ shares: [sentShare()] }, 201)));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the crisis message for 8 seconds when the note is refused for self-harm', async () => {
    renderButton({
      handlers: {
        [CREATE]: apiError(422, 'CONTENT_BLOCKED', MODERATION_MESSAGES.crisis, {
          details: { isCrisis: true },
        }),
      },
    });
    const dialog = await openShareDialog();
    addRecipient(dialog, 'bob@example.com');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: 'a note' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: SHARE_MESSAGES.consentLabel }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(MODERATION_MESSAGES.crisis, {
        id: CRISIS_TOAST_ID,
        duration: 8000,
      }),
    );
    // The dialog stays open with the note marked, so that it can be revised.
    const note = within(dialog).getByRole('textbox', { name: 'Note (optional)' });
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(toast.success).not.toHaveBeenCalled();
    expect(
      vi.mocked(toast.error).mock.calls.some(([message]) => message === SHARE_MESSAGES.shareFailed),
    ).toBe(false);
  });

  it('shows a refused note as the server words it', async () => {
    renderButton({
      handlers: { [CREATE]: apiError(422, 'CONTENT_BLOCKED', SHARE_MESSAGES.noteMedium) },
    });
    const dialog = await openShareDialog();
    addRecipient(dialog, 'bob@example.com');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: SHARE_MESSAGES.consentLabel }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(SHARE_MESSAGES.noteMedium));
    expect(within(dialog).getByText(SHARE_MESSAGES.noteMedium)).toBeTruthy();
  });

  it('says "Failed to share" with the error message otherwise', async () => {
    renderButton({
      handlers: { [CREATE]: apiError(403, 'FORBIDDEN', 'Your plan does not include sharing') },
    });
    const dialog = await openShareDialog();
    addRecipient(dialog, 'bob@example.com');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: SHARE_MESSAGES.consentLabel }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(SHARE_MESSAGES.shareFailed, {
        description: 'Your plan does not include sharing',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Share reflection' })).toBeTruthy();
  });
});

describe('Manage Sharing dialog', () => {
  it('lists each share with its status badge, resend where allowed, and revoke for active shares', async () => {
    const shares = [
      sentShare({ recipientEmail: 'pending@example.com' }),
      sentShare({
        recipientEmail: 'delivered@example.com',
        resendCount: 1,
        events: [{ type: 'email_sent', createdAt: new Date().toISOString() }],
      }),
      sentShare({
        recipientEmail: 'viewed@example.com',
        recipientName: 'Vera Viewed',
        recipientRegistered: true,
        events: [
          { type: 'email_sent', createdAt: new Date().toISOString() },
          { type: 'share_viewed', createdAt: new Date().toISOString() },
        ],
      }),
      sentShare({ recipientEmail: 'maxed@example.com', resendCount: 3 }),
      sentShare({ recipientEmail: 'revoked@example.com', status: 'revoked' }),
      sentShare({ recipientEmail: 'expired@example.com', status: 'expired' }),
    ];
    renderButton({ shares });
    const dialog = await openManageDialog();
    expect(await within(dialog).findByRole('heading', { name: 'Shared with (6)' })).toBeTruthy();

    const row = (email: string) =>
      within(dialog).getByText(email, { exact: false }).closest('li') as HTMLElement;
    const badge = (email: string) => row(email).querySelector('[data-status]')?.textContent;
    expect(badge('pending@example.com')).toBe('Pending');
    expect(badge('delivered@example.com')).toBe('Delivered');
    expect(badge('viewed@example.com')).toBe('Viewed');
    expect(within(row('viewed@example.com')).getByText('Vera Viewed')).toBeTruthy();
    expect(badge('revoked@example.com')).toBe('Revoked');
    expect(badge('expired@example.com')).toBe('Expired');
    expect(within(row('pending@example.com')).getByText('2 days ago')).toBeTruthy();

    const resendButtons = within(dialog).getAllByRole('button', { name: /^Resend to / });
    expect(resendButtons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Resend to pending@example.com',
      'Resend to delivered@example.com',
    ]);
    expect(
      within(dialog).getByRole('button', {
        name: 'Resend to delivered@example.com',
        description: 'Resent 1 of 3 times',
      }),
    ).toBeTruthy();
    const revokeButtons = within(dialog).getAllByRole('button', { name: /^Revoke access for / });
    expect(revokeButtons).toHaveLength(4);
    expect(within(row('revoked@example.com')).queryByRole('button')).toBeNull();
    expect(within(row('expired@example.com')).queryByRole('button')).toBeNull();
  });

  it('resends, says so, and shows the new count', async () => {
    let share = sentShare({ recipientEmail: 'bob@example.com' });
    const { fetchMock } = renderButton({
      handlers: {
        [SHARES]: () => jsonResponse({ shares: [share] }),
        [`POST /api/shares/${share.id}/resend`]: () => {
          share = { ...share, resendCount: share.resendCount + 1 };
          return jsonResponse(share);
        },
      },
    });
    const dialog = await openManageDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Resend to bob@example.com' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(SHARE_MESSAGES.resent, {
        description: SHARE_MESSAGES.resentDescription,
      }),
    );
    expect(callsTo(fetchMock, `POST /api/shares/${share.id}/resend`)).toHaveLength(1);
    expect(
      await within(dialog).findByRole('button', {
        name: 'Resend to bob@example.com',
        description: 'Resent 1 of 3 times',
      }),
    ).toBeTruthy();
  });

  it('says "Failed to resend" with the reason', async () => {
    const share = sentShare({ recipientEmail: 'bob@example.com' });
    renderButton({
      shares: [share],
      handlers: {
        [`POST /api/shares/${share.id}/resend`]: apiError(409, 'CONFLICT', 'This share was resent 3 times'),
      },
    });
    const dialog = await openManageDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Resend to bob@example.com' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(SHARE_MESSAGES.resendFailed, {
        description: 'This share was resent 3 times',
      }),
    );
  });

  it('asks "Revoke access?" first, then revokes and shows the share as Revoked', async () => {
    let share = sentShare({ recipientEmail: 'bob@example.com' });
    const { fetchMock, queryClient } = renderButton({
      handlers: {
        [SHARES]: () => jsonResponse({ shares: [share] }),
        [`POST /api/shares/${share.id}/revoke`]: () => {
          share = { ...share, status: 'revoked' };
          return jsonResponse(share);
        },
      },
    });
    const dialog = await openManageDialog();
    const listKey = ['entries', 'list', 'user-1', { page: 1 }];
    queryClient.setQueryData(listKey, { entries: [], total: 0, page: 1, pageSize: 5 });

    const revoke = await within(dialog).findByRole('button', { name: 'Revoke access for bob@example.com' });
    fireEvent.click(revoke);
    let confirm = await screen.findByRole('dialog', { name: SHARE_MESSAGES.revokeConfirm });
    expect(within(confirm).getByText(/can't be undone/)).toBeTruthy();
    // Cancel changes nothing and returns to the Revoke button.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: SHARE_MESSAGES.revokeConfirm })).toBeNull(),
    );
    expect(callsTo(fetchMock, `POST /api/shares/${share.id}/revoke`)).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(revoke));

    fireEvent.click(revoke);
    confirm = await screen.findByRole('dialog', { name: SHARE_MESSAGES.revokeConfirm });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke access' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(SHARE_MESSAGES.revoked, {
        description: SHARE_MESSAGES.revokedDescription,
      }),
    );
    expect(callsTo(fetchMock, `POST /api/shares/${share.id}/revoke`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: SHARE_MESSAGES.revokeConfirm })).toBeNull(),
    );
    const row = within(dialog).getByText('bob@example.com').closest('li') as HTMLElement;
    expect(row.querySelector('[data-status]')?.textContent).toBe('Revoked');
    expect(within(row).queryByRole('button')).toBeNull();
    // The card's "Shared" badge follows.
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('says "Failed to revoke" with the reason and keeps the share', async () => {
    const share = sentShare({ recipientEmail: 'bob@example.com' });
    renderButton({
      shares: [share],
      handlers: {
        [`POST /api/shares/${share.id}/revoke`]: apiError(404, 'NOT_FOUND', SHARE_MESSAGES.notFound),
      },
    });
    const dialog = await openManageDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Revoke access for bob@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: SHARE_MESSAGES.revokeConfirm });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke access' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(SHARE_MESSAGES.revokeFailed, {
        description: SHARE_MESSAGES.notFound,
      }),
    );
    expect(screen.getByRole('dialog', { name: SHARE_MESSAGES.revokeConfirm })).toBeTruthy();
  });

  it('shows placeholders while loading, then the empty state, which leads to the share dialog', async () => {
    let answer: (response: Response) => void = () => {};
    renderButton({ handlers: { [SHARES]: () => new Promise<Response>((resolve) => (answer = resolve)) } });
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: /^Manage shares/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Sharing' });
    expect(within(dialog).getByRole('status').textContent).toContain('Loading shares…');
    await act(async () => answer(jsonResponse({ shares: [] })));
    expect(await within(dialog).findByRole('heading', { name: 'Shared with (0)' })).toBeTruthy();
    expect(within(dialog).getByText("You haven't shared this reflection with anyone yet.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share with someone new' }));
    expect(await screen.findByRole('dialog', { name: 'Share reflection' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage Sharing' })).toBeNull());
  });
});
