import {
  decryptText,
  deriveEntryKey,
  encryptText,
  FUTURE_MESSAGE_LIMITS,
  FUTURE_MESSAGE_MESSAGES,
} from '@daybook/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, futureMessages, notifications, subscriptions, users } from '../src/db/schema/index.ts';
import { deliverDueMail } from '../src/infra/mail/outbox.ts';
import { createMailTransport } from '../src/infra/mail/transport.ts';
import {
  createFutureMessagesService,
  type DeliveryFaults,
  DeliveryInterrupted,
  FAILURE_REASONS,
  FUTURE_MESSAGE_DELIVERY,
  FUTURE_MESSAGE_NOTIFICATION_TITLE,
} from '../src/modules/future-messages/service.ts';
import { jobOf, type TestContext, useTestApp } from './support/app.ts';
import { clientAddress, createSignedInUser } from './support/factories.ts';
import { startSmtpServer } from './support/smtp.ts';

const MINUTE = 60_000;
type Channel = 'email' | 'in-app' | 'both';
type Owner = { user: { id: string; email: string }; cookie: string };

/** Seals like the browser: the salt from the API, the shared WebCrypto code, the user id (one key per user). */
async function sealerFor(ctx: TestContext, owner: Owner) {
  const { salt } = (
    await ctx.app.inject({ method: 'GET', url: '/api/encryption/salt', headers: { cookie: owner.cookie } })
  ).json();
  const key = await deriveEntryKey(owner.user.id, salt);
  return async (text: string) => {
    const sealed = await encryptText(key, text);
    return { encryptedContent: sealed.ciphertext, encryptionIv: sealed.iv };
  };
}

async function premium(ctx: TestContext): Promise<Owner> {
  const signedIn = await createSignedInUser(ctx);
  await ctx.database.db
    .update(subscriptions)
    .set({ planId: 'premium' })
    .where(eq(subscriptions.userId, signedIn.user.id));
  return signedIn;
}

const aheadBy = (ctx: TestContext, ms: number) => new Date(ctx.clock.now().getTime() + ms).toISOString();

async function schedule(
  ctx: TestContext,
  owner: Owner,
  options: { subject?: string; message?: string; sendAt?: string; channel?: Channel } = {},
) {
  const seal = await sealerFor(ctx, owner);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/future-messages',
    headers: { cookie: owner.cookie },
    // Each from its own client address: the route's per-client limit has its own test (sending-limits).
    remoteAddress: clientAddress(),
    payload: {
      subject: await seal(options.subject ?? 'Hello from November'),
      message: await seal(options.message ?? 'Remember the river walk.'),
      sendAt: options.sendAt ?? aheadBy(ctx, 10 * MINUTE),
      deliveryChannel: options.channel ?? 'both',
    },
  });
}

async function scheduled(ctx: TestContext, owner: Owner, options: Parameters<typeof schedule>[2] = {}) {
  const response = await schedule(ctx, owner, options);
  if (response.statusCode !== 201) throw new Error(`schedule failed: ${response.body}`);
  return response.json() as { id: string; sendAt: string };
}

const rowOf = async (ctx: TestContext, id: string) =>
  (await ctx.database.db.select().from(futureMessages).where(eq(futureMessages.id, id)))[0]!;

/** The future-message e-mails queued for an address. */
const mailsTo = (ctx: TestContext, address: string) =>
  ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, 'future_message')));

const notificationsOf = (ctx: TestContext, userId: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'future_email')));

/** Another instance of the service on the same database (own process state), optionally with fault hooks. */
const instance = (ctx: TestContext, faults?: DeliveryFaults) =>
  createFutureMessagesService({
    db: ctx.database.db,
    plans: ctx.app.services.plans,
    limits: ctx.app.services.limits,
    keys: ctx.app.services.encryption,
    clock: ctx.clock,
    appUrl: ctx.config.appUrl,
    mode: (userId) => ctx.app.services.privateMode.mode(userId),
    isPrivate: (userId) => ctx.app.services.privateMode.isSetUp(userId),
    faults,
  });

const get = (ctx: TestContext, url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (ctx: TestContext, url: string, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });

describe('scheduling a message to your future self', () => {
  const ctx = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });

  it('is a Premium feature: on Free it is refused with the upgrade message and nothing is stored', async () => {
    const free = await createSignedInUser(ctx);
    const response = await schedule(ctx, free);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: FUTURE_MESSAGE_MESSAGES.upgradeTooltip,
    });
    const rows = await ctx.database.db
      .select()
      .from(futureMessages)
      .where(eq(futureMessages.userId, free.user.id));
    expect(rows).toHaveLength(0);
  });

  it('takes send times from 5 minutes to 10 years ahead, by the server clock', async () => {
    const owner = await premium(ctx);
    const early = await schedule(ctx, owner, { sendAt: aheadBy(ctx, 5 * MINUTE - 1000) });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: FUTURE_MESSAGE_MESSAGES.tooSoon,
      fields: { sendAt: FUTURE_MESSAGE_MESSAGES.tooSoon },
    });
    const past = await schedule(ctx, owner, { sendAt: aheadBy(ctx, -MINUTE) });
    expect(past.json().message).toBe(FUTURE_MESSAGE_MESSAGES.tooSoon);
    expect((await schedule(ctx, owner, { sendAt: aheadBy(ctx, 5 * MINUTE) })).statusCode).toBe(201);

    const tenYears = ctx.clock.now();
    tenYears.setUTCFullYear(tenYears.getUTCFullYear() + FUTURE_MESSAGE_LIMITS.latestAheadYears);
    expect((await schedule(ctx, owner, { sendAt: tenYears.toISOString() })).statusCode).toBe(201);
    const late = await schedule(ctx, owner, {
      sendAt: new Date(tenYears.getTime() + MINUTE).toISOString(),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: FUTURE_MESSAGE_MESSAGES.tooLate });
  });

  it('stores only ciphertext (title in metadata with its own IV) that the server key decrypts', async () => {
    const owner = await premium(ctx);
    const created = await scheduled(ctx, owner, {
      subject: 'Dear me, ünïcode ✓',
      message: 'How is the garden?',
      channel: 'email',
    });
    const row = await rowOf(ctx, created.id);
    expect(row).toMatchObject({
      userId: owner.user.id,
      title: null,
      content: null,
      encryptionVersion: 1,
      status: 'pending',
      deliveryChannel: 'email',
      attempts: 0,
      sentAt: null,
    });
    const key = await ctx.app.services.encryption.keyFor(owner.user.id);
    const meta = row.metadata as Record<string, string>;
    expect(meta.title_encryption_iv).not.toBe(meta.encryption_iv);
    expect(await decryptText(key, { ciphertext: meta.encrypted_title!, iv: meta.title_encryption_iv! })).toBe(
      'Dear me, ünïcode ✓',
    );
    expect(await decryptText(key, { ciphertext: row.encryptedContent, iv: meta.encryption_iv! })).toBe(
      'How is the garden?',
    );
    expect(created).toMatchObject({
      id: row.id,
      encryptedContent: row.encryptedContent,
      encryptionIv: meta.encryption_iv,
      encryptedTitle: meta.encrypted_title,
      titleEncryptionIv: meta.title_encryption_iv,
      status: 'pending',
      deliveryChannel: 'email',
      sentAt: null,
      failureReason: null,
    });
  });

  it('refuses ciphertext it cannot decrypt with your key, empty text and text over the limits', async () => {
    const owner = await premium(ctx);
    const other = await premium(ctx);
    const sealOther = await sealerFor(ctx, other);
    const seal = await sealerFor(ctx, owner);
    const send = (subject: object, message: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/future-messages',
        headers: { cookie: owner.cookie },
        payload: { subject, message, sendAt: aheadBy(ctx, 10 * MINUTE), deliveryChannel: 'both' },
      });

    const foreign = await send(await sealOther('Not mine'), await seal('Body'));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('INVALID_CIPHERTEXT');
    const empty = await send(await seal('   '), await seal('Body'));
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: FUTURE_MESSAGE_MESSAGES.missingFields,
    });
    const subjectMax = FUTURE_MESSAGE_LIMITS.subjectMaxChars;
    const messageMax = FUTURE_MESSAGE_LIMITS.messageMaxChars;
    expect((await send(await seal('s'.repeat(subjectMax + 1)), await seal('Body'))).statusCode).toBe(400);
    expect((await send(await seal('Subject'), await seal('m'.repeat(messageMax + 1)))).statusCode).toBe(400);
    expect(
      (await send(await seal('s'.repeat(subjectMax)), await seal('m'.repeat(messageMax)))).statusCode,
    ).toBe(201);
    const rows = await ctx.database.db
      .select()
      .from(futureMessages)
      .where(eq(futureMessages.userId, owner.user.id));
    expect(rows).toHaveLength(1);
  });

  it('lists, shows the next 3 pending by send time, and cancels pending messages only', async () => {
    const owner = await premium(ctx);
    const at = [40, 10, 30, 20].map((minutes) => aheadBy(ctx, minutes * MINUTE));
    const ids = [];
    for (const sendAt of at) ids.push((await scheduled(ctx, owner, { sendAt })).id);
    const [in40, in10, in30, in20] = ids as [string, string, string, string];

    const upcoming = (await get(ctx, '/api/future-messages/upcoming', owner.cookie)).json();
    expect(upcoming.items.map((m: { id: string }) => m.id)).toEqual([in10, in20, in30]);

    const cancelled = await post(ctx, `/api/future-messages/${in10}/cancel`, owner.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: in10, status: 'cancelled' });
    const again = await post(ctx, `/api/future-messages/${in10}/cancel`, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');

    const next = (await get(ctx, '/api/future-messages/upcoming', owner.cookie)).json();
    expect(next.items.map((m: { id: string }) => m.id)).toEqual([in20, in30, in40]);
    const pending = (await get(ctx, '/api/future-messages?status=pending', owner.cookie)).json();
    expect(pending).toMatchObject({ total: 3 });
    expect(pending.items.map((m: { id: string }) => m.id)).toEqual([in20, in30, in40]);
    const all = (await get(ctx, '/api/future-messages?pageSize=2&page=1', owner.cookie)).json();
    expect(all.total).toBe(4);
    expect(all.items).toHaveLength(2);
    const one = (await get(ctx, `/api/future-messages/${in10}`, owner.cookie)).json();
    expect(one).toMatchObject({ id: in10, status: 'cancelled' });
  });

  it("never shows or changes another user's message: every endpoint answers 404 or an empty list", async () => {
    const owner = await premium(ctx);
    const stranger = await premium(ctx);
    const created = await scheduled(ctx, owner);
    const before = await rowOf(ctx, created.id);

    for (const url of [`/api/future-messages/${created.id}`]) {
      const response = await get(ctx, url, stranger.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const cancel = await post(ctx, `/api/future-messages/${created.id}/cancel`, stranger.cookie);
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json().code).toBe('NOT_FOUND');
    expect((await get(ctx, '/api/future-messages', stranger.cookie)).json()).toEqual({ items: [], total: 0 });
    expect((await get(ctx, '/api/future-messages/upcoming', stranger.cookie)).json()).toEqual({ items: [] });

    // The stranger's test tool delivers the stranger's messages only, even when the owner's are due.
    ctx.clock.advance(10 * MINUTE);
    const processed = await post(ctx, '/api/dev/future-messages/process', stranger.cookie);
    expect(processed.json()).toEqual({ processed: 0 });
    expect(await rowOf(ctx, created.id)).toEqual(before);

    for (const [method, url] of [
      ['GET', '/api/future-messages'],
      ['GET', '/api/future-messages/upcoming'],
      ['GET', `/api/future-messages/${created.id}`],
      ['POST', `/api/future-messages/${created.id}/cancel`],
      ['POST', '/api/future-messages'],
      ['POST', '/api/dev/future-messages/process'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await rowOf(ctx, created.id)).toEqual(before);
  });
});

describe('delivering future messages', () => {
  const ctx = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let transport: ReturnType<typeof createMailTransport>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    transport = createMailTransport({
      mail: {
        from: 'Daybook <no-reply@daybook.test>',
        smtpUrl: smtp.url,
        mailDir: '',
        contactEmail: undefined,
      },
    });
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
  });

  /** Runs the outbox until it is empty, as its own job would, and returns what the SMTP listener received. */
  async function flushOutbox(address: string) {
    while ((await deliverDueMail(ctx.database.db, transport, ctx.clock, 100)).sent > 0);
    return smtp.received.filter(
      (mail) =>
        mail.subject?.startsWith('A message from your past self') &&
        mail.to &&
        'text' in mail.to &&
        mail.to.text === address,
    );
  }

  it('sends due messages only: not one before its time, and never a cancelled one', async () => {
    const owner = await premium(ctx);
    const due = await scheduled(ctx, owner, { sendAt: aheadBy(ctx, 10 * MINUTE) });
    const later = await scheduled(ctx, owner, { sendAt: aheadBy(ctx, 60 * MINUTE) });
    const cancelled = await scheduled(ctx, owner, { sendAt: aheadBy(ctx, 10 * MINUTE) });
    await post(ctx, `/api/future-messages/${cancelled.id}/cancel`, owner.cookie);
    const service = ctx.app.services.futureMessages;

    ctx.clock.advance(10 * MINUTE - 1000);
    expect(await service.deliverDue({ userId: owner.user.id })).toMatchObject({ processed: 0 });
    ctx.clock.advance(1000);
    expect(await service.deliverDue({ userId: owner.user.id })).toEqual({
      processed: 1,
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    expect(await rowOf(ctx, due.id)).toMatchObject({ status: 'sent', attempts: 1, sentAt: ctx.clock.now() });
    expect(await rowOf(ctx, later.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await rowOf(ctx, cancelled.id)).toMatchObject({ status: 'cancelled', sentAt: null });
    expect(await service.deliverDue({ userId: owner.user.id })).toMatchObject({ processed: 0 });
    expect(await mailsTo(ctx, owner.user.email)).toHaveLength(1);
    expect(await notificationsOf(ctx, owner.user.id)).toHaveLength(1);

    const cancelSent = await post(ctx, `/api/future-messages/${due.id}/cancel`, owner.cookie);
    expect(cancelSent.statusCode).toBe(409);
    const shown = (await get(ctx, `/api/future-messages/${due.id}`, owner.cookie)).json();
    expect(shown).toMatchObject({ status: 'sent', sentAt: ctx.clock.now().toISOString() });
  });

  it('e-mail: the message, decrypted, reaches a real SMTP server; no in-app notification', async () => {
    const owner = await premium(ctx);
    await scheduled(ctx, owner, {
      subject: 'Open <this> in spring',
      message: 'Line one\nLine two: did you plant the tulips?',
      channel: 'email',
    });
    ctx.clock.advance(10 * MINUTE);
    expect(await ctx.app.services.futureMessages.deliverDue({ userId: owner.user.id })).toMatchObject({
      sent: 1,
    });
    expect(await notificationsOf(ctx, owner.user.id)).toHaveLength(0);
    const received = await flushOutbox(owner.user.email);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.subject).toBe('A message from your past self: Open <this> in spring');
    expect(mail!.text).toContain('Line one\nLine two: did you plant the tulips?');
    expect(mail!.text).toContain('in readable form, as you asked');
    expect(mail!.text).toContain(`${ctx.config.appUrl}/me-ahead`);
    expect(mail!.html).toContain('Open &lt;this&gt; in spring');
  });

  it('in-app: one future_email notification with a neutral title and the message id, no e-mail', async () => {
    const owner = await premium(ctx);
    const created = await scheduled(ctx, owner, { subject: 'Secret subject', channel: 'in-app' });
    ctx.clock.advance(10 * MINUTE);
    await ctx.app.services.futureMessages.deliverDue({ userId: owner.user.id });
    const rows = await notificationsOf(ctx, owner.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: FUTURE_MESSAGE_NOTIFICATION_TITLE,
      message: '',
      isRead: false,
      metadata: { futureMessageId: created.id },
    });
    expect(JSON.stringify(rows)).not.toContain('Secret subject');
    expect(await mailsTo(ctx, owner.user.email)).toHaveLength(0);
    expect(await rowOf(ctx, created.id)).toMatchObject({ status: 'sent' });
  });

  it('both: one e-mail and one notification', async () => {
    const owner = await premium(ctx);
    await scheduled(ctx, owner, { channel: 'both' });
    ctx.clock.advance(10 * MINUTE);
    await ctx.app.services.futureMessages.deliverDue({ userId: owner.user.id });
    expect(await notificationsOf(ctx, owner.user.id)).toHaveLength(1);
    expect(await flushOutbox(owner.user.email)).toHaveLength(1);
  });

  for (const stage of ['afterClaim', 'afterSend'] as const) {
    const label = stage === 'afterClaim' ? 'between claim and send' : 'between send and mark';
    it(`a crash ${label} loses nothing and sends nothing twice`, async () => {
      const owner = await premium(ctx);
      const created = await scheduled(ctx, owner, { channel: 'both' });
      ctx.clock.advance(10 * MINUTE);
      let calls = 0;
      const crashing = instance(ctx, {
        [stage]: () => {
          calls++;
          throw new Error('the process died here');
        },
      });
      await expect(crashing.deliverDue({ userId: owner.user.id })).rejects.toThrow(DeliveryInterrupted);
      expect(calls).toBe(1);
      expect(await rowOf(ctx, created.id)).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
      expect(await mailsTo(ctx, owner.user.email)).toHaveLength(0);
      expect(await notificationsOf(ctx, owner.user.id)).toHaveLength(0);

      // The next run (this instance restarted, or another one) delivers it, once.
      expect(await instance(ctx).deliverDue({ userId: owner.user.id })).toMatchObject({ sent: 1 });
      expect(await instance(ctx).deliverDue({ userId: owner.user.id })).toMatchObject({ processed: 0 });
      expect(await rowOf(ctx, created.id)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(await mailsTo(ctx, owner.user.email)).toHaveLength(1);
      expect(await notificationsOf(ctx, owner.user.id)).toHaveLength(1);
      expect(await flushOutbox(owner.user.email)).toHaveLength(1);
    });
  }

  it('a connection killed by the database between send and mark rolls everything back', async () => {
    if (ctx.database.driver !== 'postgres') return; // PGlite has one in-process connection and no backends to kill
    const owner = await premium(ctx);
    const created = await scheduled(ctx, owner, { channel: 'both' });
    ctx.clock.advance(10 * MINUTE);
    const killing = instance(ctx, {
      // From another connection, as an operator or a failover would: the transaction's backend goes away.
      afterSend: () =>
        ctx.database.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()`,
        ),
    });
    await expect(killing.deliverDue({ userId: owner.user.id })).rejects.toThrow(DeliveryInterrupted);
    expect(await rowOf(ctx, created.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await mailsTo(ctx, owner.user.email)).toHaveLength(0);
    expect(await notificationsOf(ctx, owner.user.id)).toHaveLength(0);
    expect(await instance(ctx).deliverDue({ userId: owner.user.id })).toMatchObject({ sent: 1 });
    expect(await mailsTo(ctx, owner.user.email)).toHaveLength(1);
  });

  it('two instances racing for the same due messages send each exactly once', async () => {
    const owner = await premium(ctx);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await scheduled(ctx, owner, { channel: 'both' })).id);
    ctx.clock.advance(10 * MINUTE);

    // On PostgreSQL the first instance holds its claimed batch open until the second has claimed too, so the
    // two transactions really overlap (PGlite runs one transaction at a time: there they simply race).
    let secondClaimed: () => void = () => {};
    const bothClaimed = new Promise<void>((resolve) => {
      secondClaimed = resolve;
    });
    const isOverlapping = ctx.database.driver === 'postgres';
    let firstCalls = 0;
    let secondCalls = 0;
    const first = instance(ctx, {
      afterClaim: () => (firstCalls++ === 0 && isOverlapping ? bothClaimed : undefined),
    });
    const second = instance(ctx, {
      afterClaim: () => {
        if (secondCalls++ === 0) secondClaimed();
      },
    });
    const [a, b] = await Promise.all([
      first.deliverDue({ userId: owner.user.id, batchSize: 5 }),
      second.deliverDue({ userId: owner.user.id, batchSize: 5 }),
    ]);
    expect(a.sent + b.sent).toBe(12);
    if (isOverlapping) {
      expect(a.sent).toBeGreaterThan(0);
      expect(b.sent).toBeGreaterThan(0);
    }
    const rows = await ctx.database.db.select().from(futureMessages).where(inArray(futureMessages.id, ids));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect(await mailsTo(ctx, owner.user.email)).toHaveLength(12);
    const notes = await notificationsOf(ctx, owner.user.id);
    expect(new Set(notes.map((n) => (n.metadata as { futureMessageId: string }).futureMessageId))).toEqual(
      new Set(ids),
    );
    expect(notes).toHaveLength(12);
    expect(await flushOutbox(owner.user.email)).toHaveLength(12);
  });

  it('sends nothing for a deleted owner, and fails a disabled owner’s message as "owner unavailable"', async () => {
    const gone = await premium(ctx);
    const goneMessage = await scheduled(ctx, gone);
    const disabled = await premium(ctx);
    const disabledMessage = await scheduled(ctx, disabled);
    await ctx.database.db.delete(users).where(eq(users.id, gone.user.id));
    await ctx.database.db.update(users).set({ banned: true }).where(eq(users.id, disabled.user.id));
    ctx.clock.advance(10 * MINUTE);

    await ctx.app.services.futureMessages.deliverDue();
    expect(
      await ctx.database.db.select().from(futureMessages).where(eq(futureMessages.id, goneMessage.id)),
    ).toEqual([]);
    expect(await mailsTo(ctx, gone.user.email)).toHaveLength(0);
    expect(await rowOf(ctx, disabledMessage.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: FAILURE_REASONS.ownerUnavailable,
      sentAt: null,
    });
    expect(await mailsTo(ctx, disabled.user.email)).toHaveLength(0);
    expect(await notificationsOf(ctx, disabled.user.id)).toHaveLength(0);
  });

  it('retries a failing message with back-off, then fails it with a reason that holds no text', async () => {
    const owner = await premium(ctx);
    const created = await scheduled(ctx, owner, { subject: 'Private words', message: 'Private body' });
    // The ciphertext no longer matches its IV (as after a key or data mix-up): every attempt fails.
    const row = await rowOf(ctx, created.id);
    await ctx.database.db
      .update(futureMessages)
      .set({
        metadata: {
          ...row.metadata,
          encryption_iv: (row.metadata as Record<string, string>).title_encryption_iv,
        },
      })
      .where(eq(futureMessages.id, created.id));
    ctx.clock.advance(10 * MINUTE);
    const service = ctx.app.services.futureMessages;
    const run = () => service.deliverDue({ userId: owner.user.id });

    for (let attempt = 1; attempt < FUTURE_MESSAGE_LIMITS.maxAttempts; attempt++) {
      expect(await run()).toMatchObject({ processed: 1, retrying: 1 });
      expect(await rowOf(ctx, created.id)).toMatchObject({
        status: 'pending',
        attempts: attempt,
        lastError: FAILURE_REASONS.undecryptable,
      });
      // Not again before its back-off is over (a minute, doubling).
      const wait = FUTURE_MESSAGE_DELIVERY.retryAfterSeconds * 1000 * 2 ** (attempt - 1);
      ctx.clock.advance(wait - 1000);
      expect(await run()).toMatchObject({ processed: 0 });
      ctx.clock.advance(1000);
    }
    expect(await run()).toMatchObject({ processed: 1, failed: 1 });
    expect(await rowOf(ctx, created.id)).toMatchObject({
      status: 'failed',
      attempts: FUTURE_MESSAGE_LIMITS.maxAttempts,
    });
    const shown = (await get(ctx, `/api/future-messages/${created.id}`, owner.cookie)).json();
    expect(shown).toMatchObject({ status: 'failed', failureReason: FAILURE_REASONS.undecryptable });
    expect(shown.failureReason).not.toMatch(/Private/);
    expect(await mailsTo(ctx, owner.user.email)).toHaveLength(0);
    ctx.clock.advance(24 * 60 * MINUTE);
    expect(await run()).toMatchObject({ processed: 0 });
  });

  it('one message the database refuses does not hold back the others in its batch', async () => {
    const owner = await premium(ctx);
    const good = await scheduled(ctx, owner, { subject: 'Fine words', channel: 'both' });
    const refused = await scheduled(ctx, owner, { subject: 'REFUSED words', channel: 'both' });
    // The database refuses this one e-mail (as it would a value it cannot store); the batch write fails as a whole.
    await ctx.database.query(
      `alter table email_outbox add constraint test_refuse check (subject not like '%REFUSED%')`,
    );
    try {
      ctx.clock.advance(10 * MINUTE);
      expect(await instance(ctx).deliverDue({ userId: owner.user.id })).toEqual({
        processed: 2,
        sent: 1,
        retrying: 1,
        failed: 0,
      });
    } finally {
      await ctx.database.query('alter table email_outbox drop constraint test_refuse');
    }
    expect(await rowOf(ctx, good.id)).toMatchObject({ status: 'sent' });
    expect(await rowOf(ctx, refused.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: FAILURE_REASONS.unqueueable,
    });
    // Its notification was rolled back with its e-mail: one of each, both for the message that went out.
    const notes = await notificationsOf(ctx, owner.user.id);
    expect(notes.map((n) => n.metadata)).toEqual([{ futureMessageId: good.id }]);
    expect(await mailsTo(ctx, owner.user.email)).toHaveLength(1);
    // Once the database takes it, the next attempt after the back-off delivers it.
    ctx.clock.advance(FUTURE_MESSAGE_DELIVERY.retryAfterSeconds * 1000);
    expect(await instance(ctx).deliverDue({ userId: owner.user.id })).toMatchObject({ sent: 1 });
    expect(await mailsTo(ctx, owner.user.email)).toHaveLength(2);
    expect(await notificationsOf(ctx, owner.user.id)).toHaveLength(2);
  });

  it('runs every minute as a job over every user, and the test tool delivers your due messages now', async () => {
    const job = jobOf(ctx, 'deliver-future-messages', { mail: transport });
    expect(job.everyMs).toBe(60_000);
    const first = await premium(ctx);
    const second = await premium(ctx);
    const a = await scheduled(ctx, first);
    const b = await scheduled(ctx, second);
    ctx.clock.advance(10 * MINUTE);
    await job.run();
    expect(await rowOf(ctx, a.id)).toMatchObject({ status: 'sent' });
    expect(await rowOf(ctx, b.id)).toMatchObject({ status: 'sent' });

    const mine = await scheduled(ctx, first, { channel: 'in-app' });
    ctx.clock.advance(10 * MINUTE);
    const processed = await post(ctx, '/api/dev/future-messages/process', first.cookie);
    expect(processed.statusCode).toBe(200);
    expect(processed.json()).toEqual({ processed: 1 });
    expect(await rowOf(ctx, mine.id)).toMatchObject({ status: 'sent' });
    expect((await get(ctx, '/api/health')).json()).toMatchObject({ testTools: true });
  });

  it('the test tool answers only direct requests from this machine', async () => {
    const owner = await premium(ctx);
    const remote = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev/future-messages/process',
      headers: { cookie: owner.cookie },
      remoteAddress: clientAddress(),
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev/nothing-here',
      headers: { cookie: owner.cookie },
      remoteAddress: clientAddress(),
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({
      ...unknown.json(),
      message: 'No API route POST /api/dev/future-messages/process',
    });
    const proxied = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev/future-messages/process',
      headers: { cookie: owner.cookie, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
  });
});

describe('test tools turned off', () => {
  const ctx = useTestApp({ TEST_TOOLS: 'off' });

  it('has no process endpoint (the ordinary 404) and tells the web so', async () => {
    const owner = await createSignedInUser(ctx);
    const response = await post(ctx, '/api/dev/future-messages/process', owner.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'No API route POST /api/dev/future-messages/process',
    });
    expect((await get(ctx, '/api/health')).json()).toMatchObject({ testTools: false });
  });
});
