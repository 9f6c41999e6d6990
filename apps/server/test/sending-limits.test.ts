import { deriveEntryKey, encryptText, SENDING_LIMITS, SENDING_MESSAGES } from '@daybook/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  futureMessages,
  sharedEntries,
  shareReports,
  shareThankYouNotes,
} from '../src/db/schema/index.ts';
import { premiumUser, shareEntry, writeEntry } from './sharing-support.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import { clientAddress, createSignedInUser, uniqueEmail } from './support/factories.ts';
import { type OpenAiServer, startOpenAiServer } from './support/openai-server.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const { daily } = SENDING_LIMITS;

/** A request from its own client address, so the per-route limits (tested on their own) never interfere. */
const send = (ctx: TestContext, url: string, cookie: string, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { cookie },
    remoteAddress: clientAddress(),
    ...(payload ? { payload } : {}),
  });

const addresses = (count: number) => Array.from({ length: count }, () => uniqueEmail('friend'));

const outboxTo = (ctx: TestContext, emails: string[]) =>
  ctx.database.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, emails));

const sharesTo = (ctx: TestContext, emails: string[]) =>
  ctx.database.db.select().from(sharedEntries).where(inArray(sharedEntries.recipientEmail, emails));

function expectRefused(response: { statusCode: number; body: string }, message: string) {
  expect(response.statusCode, response.body).toBe(429);
  expect(JSON.parse(response.body)).toMatchObject({ code: 'RATE_LIMITED', message });
}

describe('sending limits: share e-mails', () => {
  const ctx = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });

  it('counts e-mails, not requests, in the sender’s own day: the 101st is refused and nothing is written', async () => {
    // 23:30 on Kiritimati (UTC+14, no summer time) within the next day: the sender's day ends in half an hour,
    // UTC's in 14½ hours.
    const now = ctx.clock.now().getTime();
    const todayAt0930 = Math.floor(now / DAY) * DAY + 9.5 * HOUR;
    ctx.clock.set(new Date(todayAt0930 > now ? todayAt0930 : todayAt0930 + DAY));
    const sender = await premiumUser(ctx, { timezone: 'Pacific/Kiritimati' });
    const entry = await writeEntry(ctx, sender.cookie, sender.user.id, 'A walk along the harbour at dawn.');
    const share = (emails: string[]) => shareEntry(ctx, sender.cookie, entry.id, emails);

    // 98 e-mails in 20 requests (19 × 5 + 3).
    for (let i = 0; i < 19; i++) expect((await share(addresses(5))).statusCode).toBe(201);
    const three = await share(addresses(3));
    expect(three.statusCode, three.body).toBe(201);
    const resendable = three.json().shares[0] as { id: string; resendCount: number };

    // Five more would pass 100: refused whole, saying how many are left.
    const tooMany = addresses(5);
    expectRefused(await share(tooMany), SENDING_MESSAGES.shareEmailsLeft(daily.shareEmails, 2));
    expect(await sharesTo(ctx, tooMany)).toHaveLength(0);
    expect(await outboxTo(ctx, tooMany)).toHaveLength(0);

    expect((await share(addresses(2))).statusCode).toBe(201);
    const sent = await ctx.database.db
      .select()
      .from(sharedEntries)
      .where(eq(sharedEntries.senderId, sender.user.id));
    expect(sent).toHaveLength(daily.shareEmails);

    // The 101st: no share row, no outbox row, no e-mail.
    const refused = addresses(1);
    expectRefused(await share(refused), SENDING_MESSAGES.daily.shareEmails(daily.shareEmails));
    expect(await sharesTo(ctx, refused)).toHaveLength(0);
    expect(await outboxTo(ctx, refused)).toHaveLength(0);

    // A resend is a share e-mail too: refused, its link not rotated, nothing queued.
    const [before] = await ctx.database.db
      .select()
      .from(sharedEntries)
      .where(eq(sharedEntries.id, resendable.id));
    const outboxBefore = (await outboxTo(ctx, [before!.recipientEmail])).length;
    expectRefused(
      await send(ctx, `/api/shares/${resendable.id}/resend`, sender.cookie),
      SENDING_MESSAGES.daily.shareEmails(daily.shareEmails),
    );
    const [after] = await ctx.database.db
      .select()
      .from(sharedEntries)
      .where(eq(sharedEntries.id, resendable.id));
    expect(after).toMatchObject({ resendCount: 0, tokenHash: before!.tokenHash });
    expect(await outboxTo(ctx, [before!.recipientEmail])).toHaveLength(outboxBefore);

    // An hour later it is tomorrow on Kiritimati, still today in UTC: the sender's new day shares again.
    ctx.clock.advance(HOUR);
    expect((await share(addresses(5))).statusCode).toBe(201);
    const resent = await send(ctx, `/api/shares/${resendable.id}/resend`, sender.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().resendCount).toBe(1);
  });

  it('caps the e-mails one address receives a day from every sender together; the next UTC day it receives again', async () => {
    const target = uniqueEmail('inbox');
    const senders = await Promise.all([premiumUser(ctx), premiumUser(ctx), premiumUser(ctx)]);
    const entries = await Promise.all(
      senders.map((s) => writeEntry(ctx, s.cookie, s.user.id, 'Notes from the allotment.')),
    );
    const shareFrom = (i: number, emails: string[]) =>
      shareEntry(ctx, senders[i]!.cookie, entries[i]!.id, emails);

    // 20 from two senders.
    for (let i = 0; i < daily.shareEmailsToOneAddress; i++) {
      const response = await shareFrom(i % 2, [target]);
      expect(response.statusCode, response.body).toBe(201);
    }
    // The 21st from a third sender is refused, and the whole share with it: the other address gets nothing.
    const bystander = uniqueEmail('bystander');
    const message = SENDING_MESSAGES.shareEmailsToOneAddress(target, daily.shareEmailsToOneAddress);
    const refused = await shareFrom(2, [bystander, target]);
    expectRefused(refused, message);
    expect(refused.json().fields).toEqual({ recipients: message });
    expect(await sharesTo(ctx, [target])).toHaveLength(daily.shareEmailsToOneAddress);
    expect(await sharesTo(ctx, [bystander])).toHaveLength(0);
    expect(await outboxTo(ctx, [bystander])).toHaveLength(0);
    // The sender's own cap was not spent by the refused share: their next share to someone else goes through.
    expect((await shareFrom(2, [bystander])).statusCode).toBe(201);

    ctx.clock.advance(DAY);
    expect((await shareFrom(2, [target])).statusCode).toBe(201);
  });

  it('limits share requests per client: the 31st within 10 minutes is refused with its message', async () => {
    const sender = await premiumUser(ctx);
    const entry = await writeEntry(ctx, sender.cookie, sender.user.id, 'A quiet evening.');
    const client = clientAddress();
    const { max, timeWindow, label } = SENDING_LIMITS.perRoute.shareEmails;
    const request = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/entries/${entry.id}/shares`,
        headers: { cookie: sender.cookie },
        remoteAddress: client,
        payload: { recipients: [{ email: uniqueEmail('friend') }], consent: true },
      });
    for (let i = 0; i < max; i++) expect((await request()).statusCode).toBe(201);
    const refused = await request();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      new RegExp(`^${SENDING_MESSAGES.perRoute(label, max, timeWindow, '§').replace('§', '\\d+ minutes?')}$`),
    );
  });
});

describe('sending limits: thank-you notes, reports, future messages', () => {
  const ctx = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });

  async function receivedShare() {
    const sender = await premiumUser(ctx);
    const recipient = await createSignedInUser(ctx);
    const entry = await writeEntry(ctx, sender.cookie, sender.user.id, 'The first frost on the garden.');
    const created = await shareEntry(ctx, sender.cookie, entry.id, [recipient.user.email]);
    expect(created.statusCode, created.body).toBe(201);
    return { recipient, shareId: created.json().shares[0].id as string };
  }

  it(`thank-you notes: the ${daily.thankYouNotes + 1}st of a day is refused with the message and not stored`, async () => {
    const { recipient, shareId } = await receivedShare();
    const thank = () =>
      send(ctx, `/api/shares/${shareId}/thank-you`, recipient.cookie, { message: 'Thank you for this.' });
    for (let i = 0; i < daily.thankYouNotes; i++) expect((await thank()).statusCode).toBe(201);
    expectRefused(await thank(), SENDING_MESSAGES.daily.thankYouNotes(daily.thankYouNotes));
    const stored = await ctx.database.db
      .select()
      .from(shareThankYouNotes)
      .where(eq(shareThankYouNotes.shareId, shareId));
    expect(stored).toHaveLength(daily.thankYouNotes);
    ctx.clock.advance(DAY);
    expect((await thank()).statusCode).toBe(201);
  });

  it(`reports: the ${daily.reports + 1}st of a day is refused with the message and not stored`, async () => {
    const { recipient, shareId } = await receivedShare();
    const report = () => send(ctx, `/api/shares/${shareId}/report`, recipient.cookie, { reason: 'spam' });
    for (let i = 0; i < daily.reports; i++) expect((await report()).statusCode).toBe(201);
    expectRefused(await report(), SENDING_MESSAGES.daily.reports(daily.reports));
    const stored = await ctx.database.db.select().from(shareReports).where(eq(shareReports.shareId, shareId));
    expect(stored).toHaveLength(daily.reports);
  });

  it(`future messages: the ${daily.futureMessages + 1}st scheduled in a day is refused with the message`, async () => {
    const owner = await premiumUser(ctx);
    const { salt } = (
      await ctx.app.inject({ method: 'GET', url: '/api/encryption/salt', headers: { cookie: owner.cookie } })
    ).json();
    const key = await deriveEntryKey(owner.user.id, salt);
    const seal = async (text: string) => {
      const sealed = await encryptText(key, text);
      return { encryptedContent: sealed.ciphertext, encryptionIv: sealed.iv };
    };
    const payload = {
      subject: await seal('Hello from March'),
      message: await seal('Remember the river walk.'),
      deliveryChannel: 'both',
    };
    const schedule = () =>
      send(ctx, '/api/future-messages', owner.cookie, {
        ...payload,
        sendAt: new Date(ctx.clock.now().getTime() + HOUR).toISOString(),
      });
    for (let i = 0; i < daily.futureMessages; i++) expect((await schedule()).statusCode).toBe(201);
    expectRefused(await schedule(), SENDING_MESSAGES.daily.futureMessages(daily.futureMessages));
    const stored = await ctx.database.db
      .select()
      .from(futureMessages)
      .where(eq(futureMessages.userId, owner.user.id));
    expect(stored).toHaveLength(daily.futureMessages);
  });
});

describe('sending limits: AI Assist', () => {
  let ai: OpenAiServer;
  beforeAll(async () => {
    ai = await startOpenAiServer();
  });
  afterAll(async () => {
    await ai?.close();
  });
  const ctx = useTestApp(() => ({
    AI_BASE_URL: ai.baseUrl,
    AI_API_KEY: 'sk-test-key',
    AI_MODEL: 'test-model',
    AI_MAX_RETRIES: '0',
    RATE_LIMIT_PER_MINUTE: '100000',
  }));

  it(`the ${daily.aiAssist + 1}st use of a day is refused with the message; a provider failure gives its use back`, async () => {
    const { cookie } = await createSignedInUser(ctx);
    const enhance = () => send(ctx, '/api/ai/enhance', cookie, { text: 'A draft about the walk home.' });
    ai.reset();
    ai.script({ kind: 'error', status: 400 });
    expect((await enhance()).statusCode).toBe(502);
    for (let i = 0; i < daily.aiAssist; i++) expect((await enhance()).statusCode).toBe(200);
    const received = ai.received.length;
    expectRefused(await enhance(), SENDING_MESSAGES.daily.aiAssist(daily.aiAssist));
    // Refused before the provider is asked: the operator pays nothing for it.
    expect(ai.received).toHaveLength(received);
  });
});
