import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { entries, usageCounters } from '../src/db/schema/index.ts';
import { useTestApp } from './support/app.ts';
import { browserEncrypt, createSignedInUser } from './support/factories.ts';

/** Entries queued offline in the browser carry an idempotency key (ADR 041). */
describe('creating entries with an idempotency key', () => {
  const ctx = useTestApp();

  const post = (cookie: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/entries', headers: { cookie }, payload });
  const rowsOf = (userId: string) => ctx.database.db.select().from(entries).where(eq(entries.userId, userId));
  const usedToday = async (userId: string) => {
    const [row] = await ctx.database.db
      .select({ count: usageCounters.count })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.kind, 'entries')));
    return row?.count ?? 0;
  };

  it('answers a repeat with the first entry, creating and counting it once', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const clientRequestId = randomUUID();
    const payload = {
      ...(await browserEncrypt(ctx, cookie, user.id, 'Written on the train')),
      clientRequestId,
    };
    const first = await post(cookie, payload);
    expect(first.statusCode).toBe(201);
    ctx.clock.advance(60_000);
    const again = await post(cookie, payload);
    expect(again.statusCode).toBe(201);
    expect(again.json().entry).toEqual(first.json().entry);
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(await usedToday(user.id)).toBe(1);
  });

  it('answers a repeat even after the daily limit was reached meanwhile', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    const payloads = await Promise.all(
      keys.map(async (clientRequestId, i) => ({
        ...(await browserEncrypt(ctx, cookie, user.id, `Entry ${i}`)),
        clientRequestId,
      })),
    );
    for (const payload of payloads) expect((await post(cookie, payload)).statusCode).toBe(201);
    expect((await post(cookie, payloads[0]!)).statusCode).toBe(201);
    const fourth = {
      ...(await browserEncrypt(ctx, cookie, user.id, 'One too many')),
      clientRequestId: randomUUID(),
    };
    expect((await post(cookie, fourth)).json()).toMatchObject({ code: 'DAILY_LIMIT_REACHED' });
    expect(await rowsOf(user.id)).toHaveLength(3);
  });

  it("does not collide with another user's key", async () => {
    const alice = await createSignedInUser(ctx);
    const bob = await createSignedInUser(ctx);
    const clientRequestId = randomUUID();
    const fromAlice = await post(alice.cookie, {
      ...(await browserEncrypt(ctx, alice.cookie, alice.user.id, 'Alice writes')),
      clientRequestId,
    });
    const fromBob = await post(bob.cookie, {
      ...(await browserEncrypt(ctx, bob.cookie, bob.user.id, 'Bob writes')),
      clientRequestId,
    });
    expect(fromAlice.statusCode).toBe(201);
    expect(fromBob.statusCode).toBe(201);
    expect(fromBob.json().entry.id).not.toBe(fromAlice.json().entry.id);
    expect(await rowsOf(alice.user.id)).toHaveLength(1);
    expect(await rowsOf(bob.user.id)).toHaveLength(1);
  });

  it('creates one entry for 10 concurrent repeats, and spends one credit', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const payload = {
      ...(await browserEncrypt(ctx, cookie, user.id, 'Sent ten times at once')),
      clientRequestId: randomUUID(),
    };
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(cookie, payload)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(responses.map((r) => r.json().entry.id)).size).toBe(1);
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(await usedToday(user.id)).toBe(1);
  });

  it('refuses a key that is not a UUID', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const payload = { ...(await browserEncrypt(ctx, cookie, user.id, 'Hello')), clientRequestId: 'again' };
    const response = await post(cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('dates a synced entry by the server clock, not the browser', async () => {
    const { user, cookie } = await createSignedInUser(ctx, { timezone: 'UTC' });
    ctx.clock.set(new Date('2026-11-22T10:00:00Z'));
    const payload = {
      ...(await browserEncrypt(ctx, cookie, user.id, 'Queued yesterday')),
      clientRequestId: randomUUID(),
      createdAt: '2020-01-01T00:00:00Z',
    };
    const response = await post(cookie, payload);
    expect(response.statusCode).toBe(201);
    expect(response.json().entry).toMatchObject({
      createdAt: '2026-11-22T10:00:00.000Z',
      entryDate: '2026-11-22',
    });
  });
});
