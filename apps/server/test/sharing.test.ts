import { createHash } from 'node:crypto';
import {
  decryptText,
  deriveEntryKey,
  MODERATION_MESSAGES,
  SHARE_LIMITS,
  SHARE_MESSAGES,
} from '@daybook/shared';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  emailOutbox,
  entries,
  notifications,
  sharedEntries,
  shareEvents,
  shareReports,
  shareThankYouNotes,
} from '../src/db/schema/index.ts';
import {
  premiumUser,
  shareEntry,
  tokenIn,
  useSmtp,
  viewLink,
  writeEntry,
  writePhotoEntry,
} from './sharing-support.ts';
import { jobOf, useTestApp } from './support/app.ts';
import { clientAddress, createSignedInUser, uniqueEmail } from './support/factories.ts';
import { openStream, originOf } from './support/live.ts';

const DAY = 24 * 3600_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const LONG_TEXT = `${'Morning light on the harbour, '.repeat(6)}and the gulls.`;

describe('sharing', () => {
  const ctx = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  const mail = useSmtp(ctx);

  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie?: string, payload?: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const sharesOf = (entryId: string) =>
    ctx.database.db.select().from(sharedEntries).where(eq(sharedEntries.entryId, entryId));

  /** A Premium sender with an entry shared with one new, unregistered address; the token from the e-mail. */
  async function sharedWithStranger(text = LONG_TEXT, extra: Record<string, unknown> = {}) {
    const sender = await premiumUser(ctx, { fullName: 'Grace Hopper' });
    const entry = await writeEntry(ctx, sender.cookie, sender.user.id, text);
    const email = uniqueEmail('friend');
    const created = await shareEntry(ctx, sender.cookie, entry.id, [email], extra);
    expect(created.statusCode, created.body).toBe(201);
    const share = created.json().shares[0];
    const [message] = await mail.mailsTo(email);
    return { sender, entry, email, share, token: tokenIn(message!) };
  }

  /** A Premium sender and a registered recipient with an active share between them. */
  async function sharedWithUser(text = LONG_TEXT) {
    const sender = await premiumUser(ctx, { fullName: 'Grace Hopper' });
    const recipient = await createSignedInUser(ctx, { fullName: 'Alan Turing' });
    const entry = await writeEntry(ctx, sender.cookie, sender.user.id, text);
    const created = await shareEntry(ctx, sender.cookie, entry.id, [recipient.user.email]);
    expect(created.statusCode, created.body).toBe(201);
    return { sender, recipient, entry, share: created.json().shares[0] };
  }

  // PostgreSQL delivers NOTIFY to any connection of the database, as it will to other server instances.
  it.skipIf(!process.env.DATABASE_URL)(
    'queues live events for the recipient on create and revoke, and notifies the sender of thanks and the recipient of the revoke',
    async () => {
      const [{ name }] = (await ctx.database.query<{ name: string }>(
        'select current_database() as name',
      )) as [{ name: string }];
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const listener = new pg.Client({ connectionString: url.toString() });
      await listener.connect();
      const heard: { userId: string; event: { type: string; id: string } }[] = [];
      const waiters: (() => void)[] = [];
      listener.on('notification', (message) => {
        heard.push(JSON.parse(message.payload!));
        for (const wake of waiters.splice(0)) wake();
      });
      await listener.query('listen daybook_live');
      const until = async (check: () => boolean) => {
        while (!check()) await new Promise<void>((resolve) => waiters.push(resolve));
      };
      try {
        const { sender, recipient, share } = await sharedWithUser();
        const forRecipient = () => heard.filter((h) => h.userId === recipient.user.id);
        await until(() => forRecipient().length >= 2);
        expect(
          forRecipient()
            .map((h) => h.event.type)
            .sort(),
        ).toEqual(['notification', 'received-share']);
        expect(forRecipient().find((h) => h.event.type === 'received-share')!.event.id).toBe(share.id);

        await post(`/api/shares/${share.id}/thank-you`, recipient.cookie, { message: 'Thank you' });
        // The sender also hears of their own entry being written (the streak's 'entry' event): not this test's.
        const forSender = () => heard.filter((h) => h.userId === sender.user.id && h.event.type !== 'entry');
        await until(() => forSender().length >= 1);
        expect(forSender().map((h) => h.event.type)).toEqual(['notification']);

        await post(`/api/shares/${share.id}/revoke`, sender.cookie);
        // Revoked: the recipient is told (a share_revoked notification) and their bell refreshes.
        await until(() => forRecipient().length >= 4);
        expect(
          forRecipient()
            .slice(2)
            .map((h) => h.event.type)
            .sort(),
        ).toEqual(['notification', 'received-share']);
        expect(forRecipient().find((h, i) => i >= 2 && h.event.type === 'received-share')!.event.id).toBe(
          share.id,
        );
        // Nothing private travels on the channel: ids only.
        expect(JSON.stringify(heard)).not.toContain(LONG_TEXT.slice(0, 20));
      } finally {
        await listener.end();
      }
    },
  );

  it('answers 401 on every signed-in endpoint without a session', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      post(`/api/entries/${id}/shares`, undefined, { recipients: [{ email: 'a@b.co' }], consent: true }),
      get(`/api/entries/${id}/shares`),
      post(`/api/shares/${id}/resend`),
      post(`/api/shares/${id}/revoke`),
      get('/api/shares/received'),
      post('/api/shares/received/viewed'),
      get(`/api/shares/${id}/view`),
      post(`/api/shares/${id}/thank-you`, undefined, { message: 'Thanks' }),
      post(`/api/shares/${id}/report`, undefined, { reason: 'spam' }),
      get(`/api/thank-you-notes/${id}`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().message).toBe(SHARE_MESSAGES.notAuthenticated);
    }
  });

  it('refuses Free plans, strangers, yourself and bad input, and creates nothing', async () => {
    const free = await createSignedInUser(ctx);
    const freeEntry = await writeEntry(ctx, free.cookie, free.user.id, 'A free entry');
    const refused = await shareEntry(ctx, free.cookie, freeEntry.id, [uniqueEmail()]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: SHARE_MESSAGES.upgradeTooltip });

    const owner = await premiumUser(ctx);
    const entry = await writeEntry(ctx, owner.cookie, owner.user.id, 'Mine');
    const stranger = await premiumUser(ctx);
    const notMine = await shareEntry(ctx, stranger.cookie, entry.id, [uniqueEmail()]);
    expect(notMine.statusCode).toBe(404);
    expect((await get(`/api/entries/${entry.id}/shares`, stranger.cookie)).statusCode).toBe(404);

    // A letter to one's future self is not an entry of the journal: it is not shared by its id (ADR 071).
    const letter = await writeEntry(ctx, owner.cookie, owner.user.id, 'Dear future me');
    await ctx.database.db.update(entries).set({ sourceType: 'future_me' }).where(eq(entries.id, letter.id));
    expect((await shareEntry(ctx, owner.cookie, letter.id, [uniqueEmail()])).statusCode).toBe(404);

    const self = await shareEntry(ctx, owner.cookie, entry.id, [owner.user.email.toUpperCase()]);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: SHARE_MESSAGES.selfShare });

    const duplicate = await shareEntry(ctx, owner.cookie, entry.id, ['a@example.com', 'A@example.com']);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.body).toContain(SHARE_MESSAGES.duplicateEmail);
    const six = await shareEntry(
      ctx,
      owner.cookie,
      entry.id,
      Array.from({ length: 6 }, (_, i) => `r${i}@example.com`),
    );
    expect(six.statusCode).toBe(400);
    expect(six.body).toContain(SHARE_MESSAGES.maxRecipients);
    const noConsent = await shareEntry(ctx, owner.cookie, entry.id, ['x@example.com'], { consent: false });
    expect(noConsent.statusCode).toBe(400);
    const invalid = await shareEntry(ctx, owner.cookie, entry.id, ['not-an-address']);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain(SHARE_MESSAGES.invalidEmail);
    const badId = await shareEntry(ctx, owner.cookie, 'not-a-uuid', ['x@example.com']);
    expect(badId.statusCode).toBe(400);

    expect(await sharesOf(entry.id)).toEqual([]);
    expect(await sharesOf(freeEntry.id)).toEqual([]);
  });

  it.each([
    ['self-harm, with the crisis message', 'I feel like I want to die.', MODERATION_MESSAGES.crisis, true],
    ['a threat', "If he does that again I'll kill you both", SHARE_MESSAGES.noteHigh, false],
    ['harassment', "You're pathetic and everyone hates you", SHARE_MESSAGES.noteMedium, false],
  ])(
    'moderates the note like entry text: blocks %s and sends nothing',
    async (_l, note, message, isCrisis) => {
      const owner = await premiumUser(ctx);
      const entry = await writeEntry(ctx, owner.cookie, owner.user.id, 'An entry');
      const email = uniqueEmail('blocked');
      const response = await shareEntry(ctx, owner.cookie, entry.id, [email], { note });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'CONTENT_BLOCKED', message, details: { isCrisis } });
      expect(await sharesOf(entry.id)).toEqual([]);
      expect(
        await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)),
      ).toEqual([]);
    },
  );

  it('creates one share per recipient in one go: hashed tokens, true e-mails over SMTP, events, notification', async () => {
    const sender = await premiumUser(ctx, { fullName: 'Grace Hopper' });
    const registered = await createSignedInUser(ctx, { fullName: 'Alan Turing' });
    const entry = await writeEntry(
      ctx,
      sender.cookie,
      sender.user.id,
      'The secret text of the entry',
      'Calm',
    );
    const newcomer = uniqueEmail('newcomer');
    const created = await shareEntry(
      ctx,
      sender.cookie,
      entry.id,
      [`  ${newcomer.toUpperCase()} `, registered.user.email],
      { note: 'Thought of you <3', includeMedia: false },
    );
    expect(created.statusCode, created.body).toBe(201);
    const { shares } = created.json();
    expect(shares).toHaveLength(2);
    const byEmail = Object.fromEntries(shares.map((s: { recipientEmail: string }) => [s.recipientEmail, s]));
    expect(byEmail[newcomer]).toMatchObject({
      entryId: entry.id,
      recipientRegistered: false,
      recipientName: null,
      status: 'active',
      includeMedia: false,
      resendCount: 0,
      // Pending: the e-mail is queued, not delivered yet.
      events: [],
    });
    expect(byEmail[registered.user.email]).toMatchObject({
      recipientRegistered: true,
      recipientName: 'Alan Turing',
    });
    const share = byEmail[newcomer];
    expect(new Date(share.expiresAt).getTime() - new Date(share.createdAt).getTime()).toBe(30 * DAY);

    // The e-mail, as delivered over SMTP: who shared, the note, the 30-day expiry, the link; never the entry.
    ctx.clock.advance(1000);
    const [message] = await mail.mailsTo(newcomer);
    expect(message!.subject).toBe('Grace Hopper shared a journal entry with you on Daybook');
    expect(message!.text).toContain('Grace Hopper shared an entry from their Daybook journal with you.');
    expect(message!.text).toContain('Thought of you <3');
    expect(message!.html).toContain('Thought of you &lt;3');
    expect(message!.text).toContain('The link expires in 30 days');
    expect(message!.text).not.toContain('secret text');
    const token = tokenIn(message!);
    expect(message!.text).toContain(`${ctx.config.appUrl}/share/${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    const toRegistered = await mail.mailsTo(registered.user.email);
    expect(toRegistered.filter((m) => m.subject?.includes('shared a journal entry'))).toHaveLength(1);

    // Stored: the hash only, the registered recipient linked, the event.
    const rows = await sharesOf(entry.id);
    const row = rows.find((r) => r.recipientEmail === newcomer)!;
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(row.recipientUserId).toBeNull();
    expect(rows.find((r) => r.recipientEmail === registered.user.email)!.recipientUserId).toBe(
      registered.user.id,
    );
    const [note] = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, registered.user.id));
    expect(note).toMatchObject({
      type: 'share_received',
      metadata: { shareId: byEmail[registered.user.email].id, moodTag: 'Calm' },
    });
    expect(
      await ctx.database.db.select().from(notifications).where(eq(notifications.userId, sender.user.id)),
    ).toEqual([]);

    // The sender's list: newest first, with events; nobody else's. Delivered now, dated at delivery.
    const list = await get(`/api/entries/${entry.id}/shares`, sender.cookie);
    expect(list.statusCode).toBe(200);
    for (const listed of list.json().shares) {
      expect(listed.events).toEqual([{ type: 'email_sent', createdAt: ctx.clock.now().toISOString() }]);
    }
    expect(
      list
        .json()
        .shares.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual(shares.map((s: { id: string }) => s.id).sort());
  });

  it('shows the entry through its link, signed out, rate-limited, recording share_viewed', async () => {
    const { sender, entry, share, token } = await sharedWithStranger(LONG_TEXT, { note: 'For you' });
    ctx.clock.advance(1000);
    const response = await viewLink(ctx, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      shareId: share.id,
      status: 'active',
      note: 'For you',
      sender: { name: 'Grace Hopper' },
      entry: { text: LONG_TEXT, moodTag: 'Grateful', media: null },
      canRespond: false,
    });
    expect(response.json().error).toBeUndefined();
    const list = (await get(`/api/entries/${entry.id}/shares`, sender.cookie)).json();
    expect(list.shares[0].events.map((e: { type: string }) => e.type)).toEqual([
      'email_sent',
      'share_viewed',
    ]);

    // Signed in as someone else changes nothing: the link is the key, and still no thank-you or report.
    const other = await createSignedInUser(ctx);
    expect((await viewLink(ctx, token, { cookie: other.cookie })).json()).toMatchObject({
      canRespond: false,
    });

    for (const unknown of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', `${token}x`]) {
      const missing = await viewLink(ctx, unknown);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: SHARE_MESSAGES.notFound });
    }
    // Guessing is limited per client, across instances (the limiter's counters live in PostgreSQL).
    const address = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await ctx.app.inject({ method: 'GET', url: `/api/share-links/${token}`, remoteAddress: address }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('serves media through a signed URL only when the share includes it', async () => {
    const sender = await premiumUser(ctx);
    const { id: entryId } = await writePhotoEntry(ctx, sender.cookie, sender.user.id, 'A photo');
    const withMedia = uniqueEmail('media');
    const withoutMedia = uniqueEmail('nomedia');
    expect((await shareEntry(ctx, sender.cookie, entryId, [withMedia])).statusCode).toBe(201);
    expect(
      (await shareEntry(ctx, sender.cookie, entryId, [withoutMedia], { includeMedia: false })).statusCode,
    ).toBe(201);

    const shown = (await viewLink(ctx, tokenIn((await mail.mailsTo(withMedia))[0]!))).json();
    expect(shown.entry.media.type).toBe('image');
    const url = new URL(shown.entry.media.url);
    const file = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    const hidden = (await viewLink(ctx, tokenIn((await mail.mailsTo(withoutMedia))[0]!))).json();
    expect(hidden.entry).toMatchObject({ text: 'A photo', media: null });
  });

  it('ends a media link issued before the share was revoked or expired at once', async () => {
    const sender = await premiumUser(ctx);
    const { id: entryId } = await writePhotoEntry(ctx, sender.cookie, sender.user.id, 'A photo of the pier');
    const [toRevoke, toExpire] = [uniqueEmail('revoked'), uniqueEmail('expired')];
    const shareIdOf = async (email: string) => {
      const created = await shareEntry(ctx, sender.cookie, entryId, [email]);
      expect(created.statusCode, created.body).toBe(201);
      return created.json().shares[0].id as string;
    };
    const [revokedId, expiredId] = [await shareIdOf(toRevoke), await shareIdOf(toExpire)];
    const mediaLinkOf = async (email: string) => {
      const shown = (await viewLink(ctx, tokenIn((await mail.mailsTo(email))[0]!))).json();
      const url = new URL(shown.entry.media.url);
      expect(url.pathname).toMatch(/^\/api\/share-media\//);
      return `${url.pathname}${url.search}`;
    };
    const [revokedLink, expiredLink] = [await mediaLinkOf(toRevoke), await mediaLinkOf(toExpire)];
    const fetchMedia = (link: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: link, headers });

    const served = await fetchMedia(revokedLink);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('no-store');
    const part = await fetchMedia(revokedLink, { range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(served.rawPayload.subarray(0, 8))).toBe(true);
    expect((await fetchMedia(expiredLink)).statusCode).toBe(200);

    expect((await post(`/api/shares/${revokedId}/revoke`, sender.cookie)).statusCode).toBe(200);
    expect((await fetchMedia(revokedLink)).statusCode).toBe(404);
    expect((await fetchMedia(revokedLink, { range: 'bytes=0-7' })).statusCode).toBe(404);

    // Past its expiry, before the expiry job has run.
    await ctx.database.db
      .update(sharedEntries)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1000) })
      .where(eq(sharedEntries.id, expiredId));
    expect((await fetchMedia(expiredLink)).statusCode).toBe(404);

    // A link to another share, or with a changed expiry, is refused before any share is read.
    const forged = new URL(revokedLink, 'http://x');
    forged.searchParams.set('expires', String(Number(forged.searchParams.get('expires')) + 3600));
    expect((await fetchMedia(`${forged.pathname}${forged.search}`)).statusCode).toBe(403);
    expect((await fetchMedia(expiredLink.replace(expiredId, revokedId))).statusCode).toBe(403);
  });

  it('a revoked share answers only that it was revoked: no sender, note, entry or history', async () => {
    const { sender, token, share } = await sharedWithStranger(LONG_TEXT, { note: 'For you, with love' });
    expect((await viewLink(ctx, token)).statusCode).toBe(200);
    expect((await post(`/api/shares/${share.id}/revoke`, sender.cookie)).statusCode).toBe(200);
    const revoked = await viewLink(ctx, token);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({
      shareId: share.id,
      status: 'revoked',
      note: null,
      sharedAt: null,
      sender: null,
      entry: null,
      events: [],
      canRespond: false,
    });
    expect(revoked.body).not.toContain('Grace Hopper');
    expect(revoked.body).not.toContain('For you, with love');
  });

  it('a Markdown entry: the preview is its text as read, the link serves it as written, the e-mail has none of it', async () => {
    const markdown = '# Sunday\n\nA walk in **Buttes\\-Chaumont** with [Ana](https://example.com/ana)\\.';
    const { recipient } = await sharedWithUser(markdown);
    const [received] = (await get('/api/shares/received', recipient.cookie)).json().items;
    expect(received.preview).toBe('Sunday\n\nA walk in Buttes-Chaumont with Ana.');

    // The browser renders the Markdown; an e-mail never carries entry text (ADR 023), in either part.
    const { email, token } = await sharedWithStranger(markdown);
    const [message] = await mail.mailsTo(email);
    for (const part of [message!.text, message!.html]) {
      expect(part).not.toContain('Buttes');
      expect(part).not.toContain('Sunday');
    }
    const view = await get(`/api/share-links/${token}`);
    expect(view.json().entry.text).toBe(markdown);
  });

  it('lists received shares for the recipient only, with previews and the viewed state', async () => {
    const { sender, recipient, share } = await sharedWithUser();
    const stranger = await createSignedInUser(ctx);

    const page = await get('/api/shares/received', recipient.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      items: [
        {
          id: share.id,
          sender: { name: 'Grace Hopper' },
          note: null,
          preview: LONG_TEXT.slice(0, 100),
          moodTag: 'Grateful',
          contentType: 'text',
          createdAt: share.createdAt,
          viewed: false,
        },
      ],
      total: 1,
      unviewed: 1,
    });
    expect((await get('/api/shares/received', stranger.cookie)).json()).toEqual({
      items: [],
      total: 0,
      unviewed: 0,
    });
    expect((await get('/api/shares/received', sender.cookie)).json().total).toBe(0);
    expect((await get('/api/shares/received?pageSize=0', recipient.cookie)).statusCode).toBe(400);

    // Someone else's bell changes nothing of this share.
    expect((await post('/api/shares/received/viewed', stranger.cookie)).statusCode).toBe(204);
    expect(
      await ctx.database.db
        .select()
        .from(shareEvents)
        .where(eq(shareEvents.eventType, 'in_app_viewed'))
        .then((rows) => rows.filter((r) => r.shareId === share.id)),
    ).toEqual([]);

    expect((await post('/api/shares/received/viewed', recipient.cookie)).statusCode).toBe(204);
    await post('/api/shares/received/viewed', recipient.cookie);
    const views = await ctx.database.db
      .select()
      .from(shareEvents)
      .where(and(eq(shareEvents.shareId, share.id), eq(shareEvents.eventType, 'in_app_viewed')));
    expect(views).toHaveLength(1);
    expect((await get('/api/shares/received', recipient.cookie)).json()).toMatchObject({
      items: [{ viewed: true }],
      unviewed: 0,
    });
  });

  it('opening the shares bell records every unviewed received share, not only the five it lists', async () => {
    const sender = await premiumUser(ctx, { fullName: 'Grace Hopper' });
    const recipient = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const shareIds: string[] = [];
    for (let i = 0; i < 7; i++) {
      const entry = await writeEntry(ctx, sender.cookie, sender.user.id, `Reflection number ${i}`);
      const created = await shareEntry(ctx, sender.cookie, entry.id, [
        recipient.user.email,
        other.user.email,
      ]);
      expect(created.statusCode, created.body).toBe(201);
      shareIds.push(
        created
          .json()
          .shares.find((s: { recipientEmail: string }) => s.recipientEmail === recipient.user.email).id,
      );
      ctx.clock.advance(1000);
    }
    // A revoked share is no longer received: it stays as it was.
    const revokedId = shareIds.pop()!;
    expect((await post(`/api/shares/${revokedId}/revoke`, sender.cookie)).statusCode).toBe(200);
    const popover = await get(`/api/shares/received?pageSize=${SHARE_LIMITS.popoverItems}`, recipient.cookie);
    expect(popover.json()).toMatchObject({ total: 6, unviewed: 6 });
    expect(popover.json().items).toHaveLength(5);

    expect((await post('/api/shares/received/viewed', recipient.cookie)).statusCode).toBe(204);
    expect((await get('/api/shares/received', recipient.cookie)).json()).toMatchObject({
      total: 6,
      unviewed: 0,
    });
    const viewedIds = (
      await ctx.database.db.select().from(shareEvents).where(eq(shareEvents.eventType, 'in_app_viewed'))
    ).map((e) => e.shareId);
    expect(viewedIds.filter((id) => shareIds.includes(id)).sort()).toEqual([...shareIds].sort());
    expect(viewedIds).not.toContain(revokedId);
    // The other recipient's bell is untouched.
    expect((await get('/api/shares/received', other.cookie)).json()).toMatchObject({ unviewed: 7 });
  });

  it('opens a received share in the app for its recipient only, by id or by e-mail', async () => {
    const { recipient, share } = await sharedWithUser();
    const stranger = await createSignedInUser(ctx);
    const refused = await get(`/api/shares/${share.id}/view`, stranger.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(SHARE_MESSAGES.notFound);
    expect(
      await ctx.database.db.select().from(shareEvents).where(eq(shareEvents.shareId, share.id)),
    ).toHaveLength(1);

    await mail.mailsTo(recipient.user.email);
    ctx.clock.advance(1000);
    const view = await get(`/api/shares/${share.id}/view`, recipient.cookie);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ status: 'active', entry: { text: LONG_TEXT }, canRespond: true });
    expect(view.json().events.map((e: { type: string }) => e.type)).toEqual(['email_sent', 'in_app_viewed']);
    await get(`/api/shares/${share.id}/view`, recipient.cookie);
    const events = await ctx.database.db.select().from(shareEvents).where(eq(shareEvents.shareId, share.id));
    expect(events.filter((e) => e.eventType === 'in_app_viewed')).toHaveLength(1);

    // Shared with an address before its owner signed up: the e-mail makes it theirs.
    const { share: early, email } = await sharedWithStranger();
    const later = await createSignedInUser(ctx, { email });
    expect((await get(`/api/shares/${early.id}/view`, later.cookie)).json()).toMatchObject({
      entry: { text: LONG_TEXT },
      canRespond: true,
    });
    expect((await get('/api/shares/received', later.cookie)).json().total).toBe(1);
    const [linked] = await ctx.database.db.select().from(sharedEntries).where(eq(sharedEntries.id, early.id));
    expect(linked!.recipientUserId).toBe(later.user.id);
  });

  it("stores a thank-you encrypted with the sender's key, tells the sender, and shows it to the sender only", async () => {
    const { sender, recipient, share } = await sharedWithUser();
    const stranger = await createSignedInUser(ctx);
    const url = `/api/shares/${share.id}/thank-you`;
    expect((await post(url, stranger.cookie, { message: 'Thanks!' })).statusCode).toBe(404);
    expect((await post(url, sender.cookie, { message: 'Thanks!' })).statusCode).toBe(404);
    expect((await post(url, recipient.cookie, { message: '   ' })).statusCode).toBe(400);
    expect((await post(url, recipient.cookie, { message: 'x'.repeat(501) })).statusCode).toBe(400);

    const crisis = await post(url, recipient.cookie, { message: 'I feel like I want to die.' });
    expect(crisis.statusCode).toBe(422);
    expect(crisis.json()).toMatchObject({
      message: SHARE_MESSAGES.thankYouCrisis,
      details: { isCrisis: true },
    });
    expect(SHARE_MESSAGES.thankYouCrisis.endsWith('Your safety matters.')).toBe(true);
    const high = await post(url, recipient.cookie, { message: "If he does that again I'll kill you both" });
    expect(high.json().message).toBe(SHARE_MESSAGES.thankYouHigh);
    const medium = await post(url, recipient.cookie, { message: "You're pathetic and everyone hates you" });
    expect(medium.json().message).toBe(SHARE_MESSAGES.thankYouMedium);
    expect(
      await ctx.database.db.select().from(shareThankYouNotes).where(eq(shareThankYouNotes.shareId, share.id)),
    ).toEqual([]);

    const sent = await post(url, recipient.cookie, { message: '  Thank you, this meant a lot.  ' });
    expect(sent.statusCode, sent.body).toBe(201);
    const noteId = sent.json().id;
    const [stored] = await ctx.database.db
      .select()
      .from(shareThankYouNotes)
      .where(eq(shareThankYouNotes.id, noteId));
    expect(stored).toMatchObject({ senderUserId: sender.user.id, recipientUserId: recipient.user.id });
    expect(stored!.encryptedMessage).not.toContain('meant a lot');

    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, sender.user.id), eq(notifications.type, 'thank_you_received')));
    expect(notice!.metadata).toEqual({ thankYouId: noteId, shareId: share.id, moodTag: 'Grateful' });

    // The sender's browser decrypts it with its own salt and id: nobody sent anyone else's salt.
    const fetched = await get(`/api/thank-you-notes/${noteId}`, sender.cookie);
    expect(fetched.statusCode).toBe(200);
    const salt = (await get('/api/encryption/salt', sender.cookie)).json().salt;
    const text = await decryptText(await deriveEntryKey(sender.user.id, salt), {
      ciphertext: fetched.json().encryptedMessage,
      iv: fetched.json().encryptionIv,
    });
    expect(text).toBe('Thank you, this meant a lot.');
    expect((await get(`/api/thank-you-notes/${noteId}`, recipient.cookie)).statusCode).toBe(404);
    expect((await get(`/api/thank-you-notes/${noteId}`, stranger.cookie)).statusCode).toBe(404);
  });

  it('stores a report for review without telling the sender who reported', async () => {
    const { sender, recipient, share } = await sharedWithUser();
    const stranger = await createSignedInUser(ctx);
    const url = `/api/shares/${share.id}/report`;
    expect((await post(url, stranger.cookie, { reason: 'spam' })).statusCode).toBe(404);
    expect((await post(url, sender.cookie, { reason: 'spam' })).statusCode).toBe(404);
    expect((await post(url, recipient.cookie, { reason: 'nonsense' })).statusCode).toBe(400);
    expect((await post(url, recipient.cookie, {})).statusCode).toBe(400);

    const before = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, sender.user.id));
    const reported = await post(url, recipient.cookie, {
      reason: 'harassment',
      details: ' Rude\u0007 words\u0000 ',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const [row] = await ctx.database.db.select().from(shareReports).where(eq(shareReports.shareId, share.id));
    expect(row).toMatchObject({
      reason: 'harassment',
      details: 'Rude words',
      reporterUserId: recipient.user.id,
      status: 'open',
    });
    await post(url, recipient.cookie, { reason: 'other', details: '   ' });
    const reports = await ctx.database.db
      .select()
      .from(shareReports)
      .where(eq(shareReports.shareId, share.id));
    expect(reports.find((r) => r.reason === 'other')!.details).toBeNull();

    // Nothing reaches the sender: no notification, and their list shows no trace of it.
    expect(
      await ctx.database.db.select().from(notifications).where(eq(notifications.userId, sender.user.id)),
    ).toHaveLength(before.length);
    const list = (await get(`/api/entries/${share.entryId}/shares`, sender.cookie)).body;
    expect(list).not.toContain(recipient.user.id);
    expect(list).not.toContain('harassment');
  });

  it('resends to unregistered recipients at most 3 times, rotating the link each time', async () => {
    const { sender, share, email, token } = await sharedWithStranger();
    const stranger = await premiumUser(ctx);
    expect((await post(`/api/shares/${share.id}/resend`, stranger.cookie)).statusCode).toBe(404);

    let previous = token;
    for (let i = 1; i <= 3; i++) {
      const resent = await post(`/api/shares/${share.id}/resend`, sender.cookie);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()).toMatchObject({ resendCount: i, status: 'active' });
      const mails = await mail.mailsTo(email);
      expect(mails).toHaveLength(1 + i);
      const latest = mails.at(-1)!;
      expect(latest.text).toContain('It replaces the link sent earlier, which no longer works.');
      const next = tokenIn(latest);
      expect(next).not.toBe(previous);
      expect((await viewLink(ctx, previous)).statusCode).toBe(404);
      expect((await viewLink(ctx, next)).statusCode).toBe(200);
      previous = next;
    }
    const fourth = await post(`/api/shares/${share.id}/resend`, sender.cookie);
    expect(fourth.statusCode).toBe(409);
    expect(await mail.mailsTo(email)).toHaveLength(4);
    const list = (await get(`/api/entries/${share.entryId}/shares`, sender.cookie)).json();
    expect(list.shares[0].events.filter((e: { type: string }) => e.type === 'resent')).toHaveLength(3);

    // A registered recipient sees the share in the app: no resend.
    const { sender: other, share: registeredShare } = await sharedWithUser();
    expect((await post(`/api/shares/${registeredShare.id}/resend`, other.cookie)).statusCode).toBe(409);
  });

  it('revokes active shares for good: the link, the app, thank-you, report and resend all refuse', async () => {
    const { sender, recipient, share } = await sharedWithUser();
    const { share: linkShare, token, sender: linkSender } = await sharedWithStranger();
    const stranger = await premiumUser(ctx);

    expect((await post(`/api/shares/${share.id}/revoke`, stranger.cookie)).statusCode).toBe(404);
    expect((await post(`/api/shares/${share.id}/revoke`, recipient.cookie)).statusCode).toBe(404);
    expect((await sharesOf(share.entryId))[0]!.status).toBe('active');

    const revoked = await post(`/api/shares/${share.id}/revoke`, sender.cookie);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked' });
    expect((await sharesOf(share.entryId))[0]!.revokedAt).not.toBeNull();
    expect((await post(`/api/shares/${share.id}/revoke`, sender.cookie)).statusCode).toBe(409);

    const view = (await get(`/api/shares/${share.id}/view`, recipient.cookie)).json();
    expect(view).toMatchObject({ status: 'revoked', entry: null, canRespond: false });
    expect((await get('/api/shares/received', recipient.cookie)).json().total).toBe(0);
    const thanks = await post(`/api/shares/${share.id}/thank-you`, recipient.cookie, { message: 'Thanks' });
    expect(thanks.statusCode).toBe(409);
    expect(thanks.json().message).toBe(SHARE_MESSAGES.shareRevokedBadge);
    expect(
      (await post(`/api/shares/${share.id}/report`, recipient.cookie, { reason: 'spam' })).statusCode,
    ).toBe(409);

    expect((await post(`/api/shares/${linkShare.id}/revoke`, linkSender.cookie)).statusCode).toBe(200);
    const link = await viewLink(ctx, token);
    expect(link.statusCode).toBe(200);
    expect(link.json()).toMatchObject({ status: 'revoked', entry: null, canRespond: false });
    expect((await post(`/api/shares/${linkShare.id}/resend`, linkSender.cookie)).statusCode).toBe(409);
  });

  it('tells a recipient with an account that a share was revoked, live on their stream, without its text', async () => {
    const origin = await originOf(ctx.app);
    const { sender, recipient, share } = await sharedWithUser();
    const tab = await openStream(origin, { cookie: recipient.cookie });
    expect(tab.status).toBe(200);
    ctx.clock.advance(1000);
    expect((await post(`/api/shares/${share.id}/revoke`, sender.cookie)).statusCode).toBe(200);

    const [told] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, recipient.user.id), eq(notifications.type, 'share_revoked')));
    expect(told).toMatchObject({
      title: 'Shared entry revoked',
      message: 'Grace Hopper stopped sharing a journal entry with you',
      isRead: false,
      metadata: { shareId: share.id },
    });
    expect(JSON.stringify(told)).not.toContain(LONG_TEXT.slice(0, 20));
    // The share's own notification may still be on its way when the stream opens (NOTIFY is asynchronous): wait
    // for the revoke's, by its id.
    const live = await tab.next(
      (m) =>
        m.kind === 'event' &&
        JSON.parse(m.data).type === 'notification' &&
        JSON.parse(m.data).id === told!.id,
    );
    expect(live.kind === 'event' && JSON.parse(live.data)).toEqual({ type: 'notification', id: told!.id });
    const summary = (await get('/api/notifications/summary', recipient.cookie)).json();
    expect(summary.latest[0]).toMatchObject({ type: 'share_revoked', title: 'Shared entry revoked' });
    tab.close();

    // Sent to an address before its owner signed up, not opened since: the e-mail finds them.
    const { sender: linkSender, email, share: linkShare } = await sharedWithStranger();
    const late = await createSignedInUser(ctx, { email });
    expect((await post(`/api/shares/${linkShare.id}/revoke`, linkSender.cookie)).statusCode).toBe(200);
    expect((await get('/api/notifications/summary', late.cookie)).json().latest).toMatchObject([
      { type: 'share_revoked', metadata: { shareId: linkShare.id } },
    ]);
  });

  it('says the reflection is gone when its entry was deleted', async () => {
    const { sender, entry, token, share } = await sharedWithStranger('Soon gone');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/entries/${entry.id}`,
      headers: { cookie: sender.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const view = await viewLink(ctx, token);
    expect(view.json()).toMatchObject({
      status: 'active',
      entry: null,
      error: 'entry_deleted',
      canRespond: false,
    });
    expect((await post(`/api/shares/${share.id}/resend`, sender.cookie)).statusCode).toBe(409);
  });

  it('expires shares 30 days after creation, at read time and through the job', async () => {
    // Sessions expire by the real clock (better-auth's), shares by the app's: earlier tests moved the app's clock
    // ahead, so it starts again from real time and the recipient's 30-day session outlives the share by the
    // milliseconds its sign-in took, however fast the machine runs the file.
    ctx.clock.set(new Date());
    const { sender, recipient, share } = await sharedWithUser();
    const { token } = await sharedWithStranger();
    ctx.clock.advance(30 * DAY - 1000);
    expect((await viewLink(ctx, token)).json().status).toBe('active');
    ctx.clock.advance(1000);

    expect((await viewLink(ctx, token)).json()).toMatchObject({ status: 'expired', entry: null });
    expect((await get(`/api/shares/${share.id}/view`, recipient.cookie)).json()).toMatchObject({
      status: 'expired',
      entry: null,
      canRespond: false,
    });
    expect((await get('/api/shares/received', recipient.cookie)).json().total).toBe(0);
    const thanks = await post(`/api/shares/${share.id}/thank-you`, recipient.cookie, { message: 'Thanks' });
    expect(thanks.json()).toMatchObject({ code: 'CONFLICT', message: SHARE_MESSAGES.shareExpiredBadge });
    expect((await post(`/api/shares/${share.id}/revoke`, sender.cookie)).statusCode).toBe(409);
    expect((await get(`/api/entries/${share.entryId}/shares`, sender.cookie)).json().shares[0].status).toBe(
      'expired',
    );

    const job = jobOf(ctx, 'expire-shares');
    await job.run();
    expect((await sharesOf(share.entryId))[0]!.status).toBe('expired');
  });
});
