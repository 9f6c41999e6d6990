import { createHmac } from 'node:crypto';
import { decryptText, deriveEntryKey, ENTRY_MESSAGES, MODERATION_MESSAGES } from '@daybook/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { entries, subscriptions, usageCounters } from '../src/db/schema/index.ts';
import { createEntryKeys } from '../src/infra/crypto/entry-keys.ts';
import { useTestApp } from './support/app.ts';
import { browserEncrypt, createEntry, createSignedInUser } from './support/factories.ts';

const HOUR = 3600_000;

describe('encryption', () => {
  const ctx = useTestApp();

  it('gives each user the HMAC salt of the server secret and their id, and only when signed in', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/encryption/salt' })).statusCode).toBe(401);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/encryption/salt',
      headers: { cookie },
    });
    const expected = createHmac('sha256', ctx.config.encryptionSecret).update(user.id).digest('base64');
    expect(response.json()).toEqual({ salt: expected });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('text sealed in the browser format decrypts on the server, and the server key decrypts it back', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const created = await createEntry(ctx, cookie, user.id, 'A walk by the river, ünïcode ✓');
    expect(created.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.userId, user.id));
    expect(row).toMatchObject({
      content: null,
      title: null,
      encryptionVersion: 1,
      contentType: 'text',
      sourceType: 'journal',
    });
    const serverKey = await createEntryKeys(ctx.config.encryptionSecret).keyFor(user.id);
    const plaintext = await decryptText(serverKey, {
      ciphertext: row!.encryptedContent!,
      iv: String(row!.metadata.encryption_iv),
    });
    expect(plaintext).toBe('A walk by the river, ünïcode ✓');
    const salt = (
      await ctx.app.inject({ method: 'GET', url: '/api/encryption/salt', headers: { cookie } })
    ).json().salt;
    const browserKey = await deriveEntryKey(user.id, salt);
    expect(
      await decryptText(browserKey, {
        ciphertext: row!.encryptedContent!,
        iv: String(row!.metadata.encryption_iv),
      }),
    ).toBe(plaintext);
  });
});

describe('creating entries', () => {
  const ctx = useTestApp();

  it('stores ciphertext, the mood and the local date in the user time zone', async () => {
    const { user, cookie } = await createSignedInUser(ctx, { timezone: 'Asia/Tokyo' });
    ctx.clock.set(new Date('2026-11-21T20:00:00Z'));
    const response = await createEntry(ctx, cookie, user.id, 'Late evening thoughts', 'Calm');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      entry: { moodTag: 'Calm', entryDate: '2026-11-22', encryptionVersion: 1, isShared: false },
      moderation: { warning: null },
    });
  });

  it('lets exactly 3 of 20 parallel creates through on the Free plan', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const payloads = await Promise.all(
      Array.from({ length: 20 }, (_, i) => browserEncrypt(ctx, cookie, user.id, `Entry ${i}`)),
    );
    const responses = await Promise.all(
      payloads.map((payload) =>
        ctx.app.inject({ method: 'POST', url: '/api/entries', headers: { cookie }, payload }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(17);
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      message: 'Daily limit reached (3 entries/day). Try again tomorrow.',
    });
    expect(await ctx.database.db.select().from(entries).where(eq(entries.userId, user.id))).toHaveLength(3);
  });

  it('counts the daily limit in the user time zone and resets at their midnight', async () => {
    const { user, cookie } = await createSignedInUser(ctx, { timezone: 'America/New_York' });
    ctx.clock.set(new Date('2026-11-22T04:30:00Z')); // 23:30 in New York, 21 November
    for (let i = 0; i < 3; i++)
      expect((await createEntry(ctx, cookie, user.id, `Night ${i}`)).statusCode).toBe(201);
    const limit = await ctx.app.inject({
      method: 'GET',
      url: '/api/entries/limits/daily',
      headers: { cookie },
    });
    expect(limit.json()).toEqual({ allowed: false, limit: 3, used: 3 });
    expect((await createEntry(ctx, cookie, user.id, 'One more')).statusCode).toBe(429);
    ctx.clock.advance(HOUR); // 00:30 on the 22nd in New York
    const next = await createEntry(ctx, cookie, user.id, 'A new day');
    expect(next.statusCode).toBe(201);
    expect(next.json().entry.entryDate).toBe('2026-11-22');
  });

  it("tells today's count before writing: the owner's own, in the zone asked for, refusing an unknown zone", async () => {
    const { user, cookie } = await createSignedInUser(ctx, { timezone: 'UTC' });
    const other = await createSignedInUser(ctx, { timezone: 'UTC' });
    ctx.clock.set(new Date('2026-11-22T09:00:00Z'));
    const ask = (who: string, query = '') =>
      ctx.app.inject({ method: 'GET', url: `/api/entries/limits/daily${query}`, headers: { cookie: who } });
    for (let i = 0; i < 2; i++)
      expect((await createEntry(ctx, cookie, user.id, `Noon ${i}`)).statusCode).toBe(201);
    expect((await ask(cookie)).json()).toEqual({ allowed: true, limit: 3, used: 2 });
    // Another person's entries never count against this one, nor theirs against them.
    expect((await ask(other.cookie)).json()).toEqual({ allowed: true, limit: 3, used: 0 });
    expect((await createEntry(ctx, cookie, user.id, 'Noon 2')).statusCode).toBe(201);
    expect((await ask(cookie)).json()).toEqual({ allowed: false, limit: 3, used: 3 });
    expect((await ask(other.cookie)).json()).toEqual({ allowed: true, limit: 3, used: 0 });
    // Three hours on, in Auckland it is already the 23rd: a fresh day there, as an entry written there would be
    // counted (ADR 066); the three were written before that day began.
    ctx.clock.advance(3 * HOUR);
    expect((await ask(cookie)).json()).toEqual({ allowed: false, limit: 3, used: 3 });
    expect((await ask(cookie, '?timeZone=Pacific%2FAuckland')).json()).toEqual({
      allowed: true,
      limit: 3,
      used: 0,
    });
    const unknown = await ask(cookie, '?timeZone=Mars%2FOlympus');
    expect(unknown.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/entries/limits/daily' })).statusCode).toBe(401);
  });

  describe('a time-zone change does not reopen a day already spent', () => {
    const setZone = async (cookie: string, timezone: string) => {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie },
        payload: { timezone },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const dailyLimit = async (cookie: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/entries/limits/daily', headers: { cookie } })).json();
    const writeThree = async (cookie: string, userId: string) => {
      for (let i = 0; i < 3; i++)
        expect((await createEntry(ctx, cookie, userId, `Entry ${i}`)).statusCode).toBe(201);
    };

    it('moving east onto the next date', async () => {
      const { user, cookie } = await createSignedInUser(ctx, { timezone: 'UTC' });
      ctx.clock.set(new Date('2026-11-22T12:00:00Z'));
      await writeThree(cookie, user.id);
      // In UTC+14 it is 02:00 on 23 November, a day that began there at 10:00 UTC: the three entries of
      // two hours ago were written in it. (Keyed on the new zone's date alone, this let three more through.)
      await setZone(cookie, 'Pacific/Kiritimati');
      expect(await dailyLimit(cookie)).toEqual({ allowed: false, limit: 3, used: 3 });
      expect((await createEntry(ctx, cookie, user.id, 'Hop east')).statusCode).toBe(429);
      // Its own midnight still renews the limit.
      ctx.clock.set(new Date('2026-11-23T10:30:00Z')); // 00:30 on 24 November in Kiritimati
      const next = await createEntry(ctx, cookie, user.id, 'A real new day');
      expect(next.statusCode).toBe(201);
      expect(next.json().entry.entryDate).toBe('2026-11-24');
    });

    it('moving west onto the previous date', async () => {
      const { user, cookie } = await createSignedInUser(ctx, { timezone: 'Pacific/Kiritimati' });
      ctx.clock.set(new Date('2026-11-22T12:00:00Z')); // 02:00 on 23 November there
      await writeThree(cookie, user.id);
      // In UTC it is noon on 22 November, a day that began at 00:00 UTC: the three entries fall inside it.
      await setZone(cookie, 'UTC');
      expect(await dailyLimit(cookie)).toEqual({ allowed: false, limit: 3, used: 3 });
      expect((await createEntry(ctx, cookie, user.id, 'Hop west')).statusCode).toBe(429);
    });

    it('staying on the same date in a zone whose day began after the entries', async () => {
      const { user, cookie } = await createSignedInUser(ctx, { timezone: 'UTC' });
      ctx.clock.set(new Date('2026-11-22T01:00:00Z'));
      await writeThree(cookie, user.id);
      // 06:00 UTC is 01:00 on the same 22 November in New York, whose day began at 05:00 UTC: the entries lie
      // before that window, but they are stored under this very date.
      ctx.clock.set(new Date('2026-11-22T06:00:00Z'));
      await setZone(cookie, 'America/New_York');
      expect(await dailyLimit(cookie)).toEqual({ allowed: false, limit: 3, used: 3 });
      expect((await createEntry(ctx, cookie, user.id, 'Same date, other zone')).statusCode).toBe(429);
      ctx.clock.set(new Date('2026-11-23T05:30:00Z')); // 00:30 on 23 November in New York
      expect((await createEntry(ctx, cookie, user.id, 'Next day')).statusCode).toBe(201);
    });
  });

  it.each([
    ['self-harm, with the crisis message', 'I want to end my life tonight', MODERATION_MESSAGES.crisis, true],
    ['a threat', "I'm going to kill you tomorrow", MODERATION_MESSAGES.entryHigh, false],
    ['words against a group', 'I hate all immigrants', MODERATION_MESSAGES.entryMedium, false],
  ])('blocks %s and stores nothing', async (_label, text, message, isCrisis) => {
    const { user, cookie } = await createSignedInUser(ctx);
    const response = await createEntry(ctx, cookie, user.id, text);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'CONTENT_BLOCKED', message, details: { isCrisis } });
    expect(await ctx.database.db.select().from(entries).where(eq(entries.userId, user.id))).toEqual([]);
    expect(
      await ctx.database.db.select().from(usageCounters).where(eq(usageCounters.userId, user.id)),
    ).toEqual([]);
  });

  it.each([
    'Last winter I had suicidal thoughts almost every night; today I told Dr. R that I had not felt that way in weeks. Therapy is working.',
    'I wanted to beat him up, honestly. Went for a run instead.',
    'I kept thinking I wish I were dead too, just for a second, then the kids hugged me.',
  ])('saves past, negated or recovery language without a warning (ADR 063): %j', async (text) => {
    const { user, cookie } = await createSignedInUser(ctx);
    const response = await createEntry(ctx, cookie, user.id, text);
    expect(response.statusCode).toBe(201);
    expect(response.json().moderation.warning).toBeNull();
  });

  it('saves mild profanity with a warning', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const response = await createEntry(ctx, cookie, user.id, 'What a shit day at work, honestly');
    expect(response.statusCode).toBe(201);
    expect(response.json().moderation.warning).toBe(MODERATION_MESSAGES.entryLow);
  });

  it('refuses bad input with a code and stores nothing', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const sealed = await browserEncrypt(ctx, cookie, user.id, 'hello there');
    const post = (payload: unknown, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/entries',
        headers: { cookie, ...headers },
        payload: payload as string,
      });
    const tampered = await post({ ...sealed, encryptedContent: `AAAA${sealed.encryptedContent.slice(4)}` });
    expect(tampered.json()).toMatchObject({ code: 'INVALID_CIPHERTEXT' });
    expect((await post({ ...sealed, encryptedContent: 'not base64 !!' })).json().code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await post({ ...sealed, encryptionIv: 'short' })).json().code).toBe('VALIDATION_FAILED');
    expect((await post({ ...sealed, moodTag: 'Ecstatic' })).json().fields).toHaveProperty('moodTag');
    expect((await post('plain text', { 'content-type': 'text/plain' })).statusCode).toBe(415);
    expect((await post({ ...sealed, encryptedContent: 'A'.repeat(70 * 1024) })).statusCode).toBe(413);
    const tooLong = await post(await browserEncrypt(ctx, cookie, user.id, 'x'.repeat(5001)));
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: ENTRY_MESSAGES.tooLong });
    const blank = await post(await browserEncrypt(ctx, cookie, user.id, '   \n '));
    expect(blank.json().message).toBe(ENTRY_MESSAGES.empty);
    const sealedForSomeoneElse = await post({
      ...sealed,
      encryptedContent: (
        await browserEncrypt(ctx, (await createSignedInUser(ctx)).cookie, 'someone-else', 'hi')
      ).encryptedContent,
    });
    expect(sealedForSomeoneElse.json().code).toBe('INVALID_CIPHERTEXT');
    expect(await ctx.database.db.select().from(entries).where(eq(entries.userId, user.id))).toEqual([]);
  });
});

describe('the zone an entry is written in (ADR 066)', () => {
  const ctx = useTestApp();
  // 21:30 on 4 July in New York is 03:30 on 5 July in Paris.
  const EVENING_IN_NEW_YORK = new Date('2026-07-05T01:30:00Z');

  it('keeps the writer’s zone, dates the entry in it and returns it', async () => {
    const { user, cookie } = await createSignedInUser(ctx, { timezone: 'Europe/Paris' });
    ctx.clock.set(EVENING_IN_NEW_YORK);
    const created = await createEntry(ctx, cookie, user.id, 'Fireworks', undefined, {
      timeZone: 'America/New_York',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().entry).toMatchObject({ timeZone: 'America/New_York', entryDate: '2026-07-04' });
    const [row] = await ctx.database.db.select().from(entries).where(eq(entries.userId, user.id));
    expect(row).toMatchObject({ timeZone: 'America/New_York', entryDate: '2026-07-04' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/entries', headers: { cookie } });
    expect(list.json().entries[0]).toMatchObject({ timeZone: 'America/New_York', entryDate: '2026-07-04' });
    const one = await ctx.app.inject({ method: 'GET', url: `/api/entries/${row!.id}`, headers: { cookie } });
    expect(one.json().timeZone).toBe('America/New_York');
  });

  it('takes the account’s zone when the client sends none (older clients, entries queued before)', async () => {
    const { user, cookie } = await createSignedInUser(ctx, { timezone: 'Europe/Paris' });
    ctx.clock.set(EVENING_IN_NEW_YORK);
    const created = await createEntry(ctx, cookie, user.id, 'From an older client');
    expect(created.json().entry).toMatchObject({ timeZone: 'Europe/Paris', entryDate: '2026-07-05' });
  });

  it('refuses a zone that is not an IANA zone, and stores nothing', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    for (const timeZone of ['Mars/Olympus_Mons', '', 'x'.repeat(65)]) {
      const refused = await createEntry(ctx, cookie, user.id, 'Somewhere', undefined, { timeZone });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(refused.json().fields).toHaveProperty('timeZone');
    }
    expect(await ctx.database.db.select().from(entries).where(eq(entries.userId, user.id))).toEqual([]);
  });

  it('counts the daily limit in the writer’s zone, and another zone sent opens no fresh day', async () => {
    const { user, cookie } = await createSignedInUser(ctx, { timezone: 'UTC' });
    ctx.clock.set(new Date('2026-11-22T04:30:00Z')); // 23:30 on 21 November in New York
    const fromNewYork = { timeZone: 'America/New_York' };
    for (let i = 0; i < 3; i++)
      expect((await createEntry(ctx, cookie, user.id, `Night ${i}`, undefined, fromNewYork)).statusCode).toBe(
        201,
      );
    expect((await createEntry(ctx, cookie, user.id, 'One more', undefined, fromNewYork)).statusCode).toBe(
      429,
    );
    // UTC's 22 November began at midnight: the three entries of New York's 21st were written inside it.
    expect((await createEntry(ctx, cookie, user.id, 'Same moment, UTC')).statusCode).toBe(429);
    ctx.clock.set(new Date('2026-11-22T05:30:00Z')); // 00:30 on 22 November in New York
    const next = await createEntry(ctx, cookie, user.id, 'A new day there', undefined, fromNewYork);
    expect(next.statusCode).toBe(201);
    expect(next.json().entry.entryDate).toBe('2026-11-22');
  });
});

describe('editing, deleting and listing', () => {
  const ctx = useTestApp();

  async function premiumUser() {
    const signedIn = await createSignedInUser(ctx);
    await ctx.database.db
      .update(subscriptions)
      .set({ planId: 'premium' })
      .where(eq(subscriptions.userId, signedIn.user.id));
    return signedIn;
  }

  it('edits within 12 hours and refuses afterwards, whatever the client sends', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const { entry } = (await createEntry(ctx, cookie, user.id, 'First draft', 'Happy')).json();
    ctx.clock.advance(11 * HOUR);
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/entries/${entry.id}`,
      headers: { cookie },
      payload: { ...(await browserEncrypt(ctx, cookie, user.id, 'Second draft')), moodTag: 'Grateful' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().entry).toMatchObject({ moodTag: 'Grateful' });
    const blank = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/entries/${entry.id}`,
      headers: { cookie },
      payload: await browserEncrypt(ctx, cookie, user.id, '  '),
    });
    expect(blank.json().message).toBe(ENTRY_MESSAGES.contentEmpty);

    ctx.clock.advance(HOUR);
    const late = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/entries/${entry.id}`,
      headers: { cookie },
      payload: await browserEncrypt(ctx, cookie, user.id, 'Too late'),
    });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ code: 'EDIT_WINDOW_EXPIRED', message: ENTRY_MESSAGES.editWindowExpired });
    const lateDelete = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/entries/${entry.id}`,
      headers: { cookie },
    });
    expect(lateDelete.statusCode).toBe(403);
  });

  it('soft-deletes at most 5 entries a day', async () => {
    const { user, cookie } = await premiumUser();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await createEntry(ctx, cookie, user.id, `Entry ${i}`)).json().entry.id);
    for (let i = 0; i < 5; i++) {
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/entries/${ids[i]}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ allowed: i < 4, remaining: 4 - i, limit: 5 });
    }
    const sixth = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/entries/${ids[5]}`,
      headers: { cookie },
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(ENTRY_MESSAGES.deletionLimitReached);
    const [deleted] = await ctx.database.db.select().from(entries).where(eq(entries.id, ids[0]!));
    expect(deleted?.deletedAt).not.toBeNull();
    expect(deleted?.deletionReason).toBeNull();
    const list = await ctx.app.inject({ method: 'GET', url: '/api/entries', headers: { cookie } });
    expect(list.json().total).toBe(1);
  });

  it('spends one credit for one entry deleted 10 times in parallel', async () => {
    const { user, cookie } = await premiumUser();
    const id = (await createEntry(ctx, cookie, user.id, 'Delete me once')).json().entry.id;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.inject({ method: 'DELETE', url: `/api/entries/${id}`, headers: { cookie } }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(404)]);
    const [counter] = await ctx.database.db
      .select()
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, user.id), eq(usageCounters.kind, 'entry_deletions')));
    expect(counter?.count).toBe(1);
    const limit = await ctx.app.inject({
      method: 'GET',
      url: '/api/entries/limits/deletion',
      headers: { cookie },
    });
    expect(limit.json()).toEqual({ allowed: true, remaining: 4, limit: 5 });
  });

  it('pages newest first with exact totals and filters by date and time range', async () => {
    const { user, cookie } = await premiumUser();
    ctx.clock.set(new Date('2026-11-20T10:00:00Z'));
    for (let i = 0; i < 7; i++) {
      await createEntry(ctx, cookie, user.id, `Day one ${i}`);
      ctx.clock.advance(60_000);
    }
    ctx.clock.set(new Date('2026-11-21T10:00:00Z'));
    await createEntry(ctx, cookie, user.id, 'Day two');
    const first = (
      await ctx.app.inject({ method: 'GET', url: '/api/entries?page=1', headers: { cookie } })
    ).json();
    expect(first).toMatchObject({ total: 8, page: 1, pageSize: 5 });
    expect(first.entries).toHaveLength(5);
    expect(first.entries[0].entryDate).toBe('2026-11-21');
    const second = (
      await ctx.app.inject({ method: 'GET', url: '/api/entries?page=2', headers: { cookie } })
    ).json();
    expect(second.entries).toHaveLength(3);
    const times = [...first.entries, ...second.entries].map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const byDate = (
      await ctx.app.inject({ method: 'GET', url: '/api/entries?date=2026-11-20', headers: { cookie } })
    ).json();
    expect(byDate.total).toBe(7);
    const range = await ctx.app.inject({
      method: 'GET',
      url: `/api/entries?from=${encodeURIComponent('2026-11-21T00:00:00Z')}&to=${encodeURIComponent('2026-11-22T00:00:00Z')}`,
      headers: { cookie },
    });
    expect(range.json().total).toBe(1);
  });

  it("walks every entry endpoint with another user's ids: 404 and nothing changes", async () => {
    const owner = await createSignedInUser(ctx);
    const stranger = await createSignedInUser(ctx);
    const { entry } = (await createEntry(ctx, owner.cookie, owner.user.id, 'Mine alone')).json();
    const as = { cookie: stranger.cookie };
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/entries/${entry.id}`, headers: as })).statusCode,
    ).toBe(404);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/entries/${entry.id}`,
      headers: as,
      payload: await browserEncrypt(ctx, stranger.cookie, stranger.user.id, 'Overwritten'),
    });
    expect(patch.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/entries/${entry.id}`, headers: as })).statusCode,
    ).toBe(404);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/entries', headers: as })).json();
    expect(list.total).toBe(0);
    const [row] = await ctx.database.db
      .select()
      .from(entries)
      .where(and(eq(entries.id, entry.id), eq(entries.userId, owner.user.id)));
    expect(row).toMatchObject({ encryptedContent: entry.encryptedContent, deletedAt: null });
  });
});

describe('privacy', () => {
  const ctx = useTestApp();

  it('keeps a known phrase out of every table', async () => {
    const phrase = 'the-lighthouse-keeper-whispers-4471';
    const { user, cookie } = await createSignedInUser(ctx);
    await createEntry(ctx, cookie, user.id, `Today ${phrase} and nothing else`, 'Reflective');
    const salt = (
      await ctx.app.inject({ method: 'GET', url: '/api/encryption/salt', headers: { cookie } })
    ).json().salt;
    const tables = await ctx.database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    expect(tables.length).toBeGreaterThan(20);
    let dump = '';
    for (const { table_name } of tables) {
      dump += JSON.stringify(await ctx.database.query(`select * from "${table_name}"`));
    }
    dump += JSON.stringify(await ctx.database.query('select * from drizzle.__drizzle_migrations'));
    expect(dump).toContain(user.email);
    expect(dump).not.toContain(phrase);
    expect(dump).not.toContain('lighthouse');
    expect(dump).not.toContain(salt);
  });
});

describe('dashboard reads', () => {
  const ctx = useTestApp();

  it('marks calendar days with entries, leaving out deleted and future-self rows and other users', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const stranger = await createSignedInUser(ctx);
    ctx.clock.set(new Date('2026-11-03T10:00:00Z'));
    await createEntry(ctx, cookie, user.id, 'Third of November');
    const { entry: gone } = (await createEntry(ctx, cookie, user.id, 'To be deleted')).json();
    ctx.clock.set(new Date('2026-11-20T10:00:00Z'));
    await createEntry(ctx, cookie, user.id, 'Twentieth');
    await createEntry(ctx, stranger.cookie, stranger.user.id, 'Not mine');
    ctx.clock.set(new Date('2026-11-21T10:00:00Z'));
    await createEntry(ctx, stranger.cookie, stranger.user.id, 'Not mine either');
    await ctx.database.db
      .insert(entries)
      .values({ userId: user.id, entryDate: '2026-11-25', sourceType: 'future_me', encryptedContent: 'x' });
    ctx.clock.set(new Date('2026-11-03T11:00:00Z'));
    await ctx.app.inject({ method: 'DELETE', url: `/api/entries/${gone.id}`, headers: { cookie } });
    const month = await ctx.app.inject({
      method: 'GET',
      url: '/api/entries/calendar?month=2026-11',
      headers: { cookie },
    });
    expect(month.json()).toEqual({ month: '2026-11', dates: ['2026-11-03', '2026-11-20'] });
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/entries/calendar?month=2026-13',
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses the search without a session with "User not authenticated" (docs/product/search.md#search-rules); other calls keep their words', async () => {
    const search = await ctx.app.inject({ method: 'GET', url: '/api/entries/search-candidates' });
    expect(search.statusCode).toBe(401);
    expect(search.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'User not authenticated' });
    expect(search.json().message).toBe(ENTRY_MESSAGES.searchNotAuthenticated);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/entries' });
    expect(list.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Not authenticated' });
  });

  it('hands every search candidate out once, newest first, a page at a time, to their owner only (ADR 069)', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const sealed = await browserEncrypt(ctx, cookie, user.id, 'bulk');
    // 2,500 entries over years, written in pairs at the same microsecond: the cursor must order ties by id.
    await ctx.database.db.insert(entries).values(
      Array.from({ length: 2500 }, (_, i) => ({
        userId: user.id,
        entryDate: '2020-01-01',
        encryptedContent: sealed.encryptedContent,
        metadata: { encryption_iv: sealed.encryptionIv },
        createdAt: new Date(Date.UTC(2019, 0, 1) + Math.floor(i / 2) * 86_400_000),
      })),
    );
    const read = async (who: string, after?: string) => {
      const url = `/api/entries/search-candidates${after ? `?after=${encodeURIComponent(after)}` : ''}`;
      const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: who } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ entries: { id: string; createdAt: string }[]; next: string | null }>();
    };
    const seen: { id: string; createdAt: string }[] = [];
    const sizes: number[] = [];
    let after: string | undefined;
    do {
      const page = await read(cookie, after);
      sizes.push(page.entries.length);
      seen.push(...page.entries);
      after = page.next ?? undefined;
    } while (after);
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(new Set(seen.map((e) => e.id)).size).toBe(2500);
    const times = seen.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(times.at(-1)).toBe('2019-01-01T00:00:00.000Z');

    // Another person reads none of them, with or without the owner's cursor.
    const stranger = await createSignedInUser(ctx);
    const first = await read(cookie);
    expect(await read(stranger.cookie)).toEqual({ entries: [], next: null });
    expect(await read(stranger.cookie, first.next!)).toEqual({ entries: [], next: null });
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/entries/search-candidates?after=2019-01-01',
      headers: { cookie },
    });
    expect(forged.statusCode).toBe(400);
  });
});
