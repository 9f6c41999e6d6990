import { randomUUID } from 'node:crypto';
import type { Notification, NotificationPage, NotificationSummary } from '@daybook/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema/index.ts';
import { notifyUser } from '../src/modules/notifications/service.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import { createEntry, createSignedInUser } from './support/factories.ts';
import { openStream, originOf } from './support/live.ts';

const MINUTE = 60_000;

/** `count` notifications for a user, a minute apart, the last one the newest; returns their ids oldest first. */
async function seedNotifications(ctx: TestContext, userId: string, count: number, label = 'Note') {
  const base = Date.now() - count * MINUTE;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = await notifyUser(ctx.database.db, {
      userId,
      type: i % 2 === 0 ? 'thank_you_received' : 'share_received',
      title: `${label} ${i}`,
      message: `Message ${i}`,
      metadata: { shareId: `share-${i}`, moodTag: 'Calm' },
      createdAt: new Date(base + i * MINUTE),
    });
    ids.push(row.id);
  }
  return ids;
}

describe('notifications API', () => {
  const ctx = useTestApp();
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });
  const del = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });
  const rowOf = async (id: string) =>
    (await ctx.database.db.select().from(notifications).where(eq(notifications.id, id)))[0];

  it('answers 401 on every endpoint when signed out', async () => {
    const id = randomUUID();
    const answers = await Promise.all([
      get('/api/notifications'),
      get('/api/notifications/summary'),
      post(`/api/notifications/${id}/read`),
      post('/api/notifications/read-all'),
      del(`/api/notifications/${id}`),
      get('/api/events'),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Not authenticated' });
    }
  });

  it('pages 20 at a time, newest first, with the total; the summary holds the 5 newest and the unread count', async () => {
    const owner = await createSignedInUser(ctx);
    const ids = await seedNotifications(ctx, owner.user.id, 25);
    const newestFirst = [...ids].reverse();

    const first = await get('/api/notifications', owner.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const page0 = first.json<NotificationPage>();
    expect(page0.total).toBe(25);
    expect(page0.items.map((n) => n.id)).toEqual(newestFirst.slice(0, 20));
    expect(page0.items[0]).toMatchObject({
      type: 'thank_you_received',
      title: 'Note 24',
      message: 'Message 24',
      isRead: false,
      metadata: { shareId: 'share-24', moodTag: 'Calm' },
    } satisfies Partial<Notification>);
    expect(new Date(page0.items[0]!.createdAt).toISOString()).toBe(page0.items[0]!.createdAt);

    const page1 = (await get('/api/notifications?page=1', owner.cookie)).json<NotificationPage>();
    expect(page1).toEqual({ items: expect.any(Array), total: 25 });
    expect(page1.items.map((n) => n.id)).toEqual(newestFirst.slice(20));
    const page9 = (await get('/api/notifications?page=9', owner.cookie)).json<NotificationPage>();
    expect(page9).toEqual({ items: [], total: 25 });
    const small = (await get('/api/notifications?page=2&pageSize=7', owner.cookie)).json<NotificationPage>();
    expect(small.items.map((n) => n.id)).toEqual(newestFirst.slice(14, 21));

    const summary = (await get('/api/notifications/summary', owner.cookie)).json<NotificationSummary>();
    expect(summary.unreadCount).toBe(25);
    expect(summary.latest.map((n) => n.id)).toEqual(newestFirst.slice(0, 5));
  });

  it('refuses bad paging and ids with 400', async () => {
    const owner = await createSignedInUser(ctx);
    for (const query of ['page=-1', 'page=abc', 'pageSize=0', 'pageSize=51', 'page=1.5']) {
      const answer = await get(`/api/notifications?${query}`, owner.cookie);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await post('/api/notifications/not-a-uuid/read', owner.cookie)).statusCode).toBe(400);
    expect((await del('/api/notifications/not-a-uuid', owner.cookie)).statusCode).toBe(400);
  });

  it('marks one read, then all read, and deletes: for the owner only', async () => {
    const owner = await createSignedInUser(ctx);
    const stranger = await createSignedInUser(ctx);
    const [a, b, c] = await seedNotifications(ctx, owner.user.id, 3);
    const [strangers] = await seedNotifications(ctx, stranger.user.id, 1, 'Theirs');

    // The stranger holds the owner's ids and gets 404 for each, with nothing changed.
    expect((await post(`/api/notifications/${a}/read`, stranger.cookie)).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await post(`/api/notifications/${a}/read`, stranger.cookie)).statusCode).toBe(404);
    expect((await del(`/api/notifications/${b}`, stranger.cookie)).statusCode).toBe(404);
    expect((await post('/api/notifications/read-all', stranger.cookie)).statusCode).toBe(204);
    expect(await rowOf(a!)).toMatchObject({ isRead: false });
    expect(await rowOf(b!)).toBeDefined();
    expect(await rowOf(c!)).toMatchObject({ isRead: false });
    expect(await rowOf(strangers!)).toMatchObject({ isRead: true });
    const strangerList = (await get('/api/notifications', stranger.cookie)).json<NotificationPage>();
    expect(strangerList.items.map((n) => n.id)).toEqual([strangers]);
    expect(
      (await get('/api/notifications/summary', stranger.cookie)).json<NotificationSummary>().unreadCount,
    ).toBe(0);

    expect((await post(`/api/notifications/${a}/read`, owner.cookie)).statusCode).toBe(204);
    expect(await rowOf(a!)).toMatchObject({ isRead: true });
    // Again: still the owner's, still 204.
    expect((await post(`/api/notifications/${a}/read`, owner.cookie)).statusCode).toBe(204);
    expect(
      (await get('/api/notifications/summary', owner.cookie)).json<NotificationSummary>().unreadCount,
    ).toBe(2);

    expect((await post('/api/notifications/read-all', owner.cookie)).statusCode).toBe(204);
    const summary = (await get('/api/notifications/summary', owner.cookie)).json<NotificationSummary>();
    expect(summary.unreadCount).toBe(0);
    expect(summary.latest.every((n) => n.isRead)).toBe(true);

    const removed = await del(`/api/notifications/${b}`, owner.cookie);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await rowOf(b!)).toBeUndefined();
    expect((await del(`/api/notifications/${b}`, owner.cookie)).statusCode).toBe(404);
    expect((await post(`/api/notifications/${b}/read`, owner.cookie)).statusCode).toBe(404);
    const list = (await get('/api/notifications', owner.cookie)).json<NotificationPage>();
    expect(list.total).toBe(2);
    expect(list.items.map((n) => n.id)).toEqual([c, a]);
    // The stranger's own notification is untouched by all of this.
    expect(await rowOf(strangers!)).toBeDefined();
  });

  it("tells the owner's other tabs of each change, and tells nobody of a stranger's refused attempt", async () => {
    const origin = await originOf(ctx.app);
    const owner = await createSignedInUser(ctx);
    const stranger = await createSignedInUser(ctx);
    const tab = await openStream(origin, { cookie: owner.cookie });
    expect(tab.status).toBe(200);
    const [a, b] = await seedNotifications(ctx, owner.user.id, 2);

    expect((await post(`/api/notifications/${a}/read`, stranger.cookie)).statusCode).toBe(404);
    expect((await del(`/api/notifications/${b}`, stranger.cookie)).statusCode).toBe(404);
    await post(`/api/notifications/${a}/read`, owner.cookie);
    await post('/api/notifications/read-all', owner.cookie);
    await del(`/api/notifications/${b}`, owner.cookie);
    // Nothing was unread any more: no event for this one.
    await post('/api/notifications/read-all', owner.cookie);
    // A marker after everything: whatever the stream got before it is all it will get from the above.
    await createEntry(ctx, owner.cookie, owner.user.id, 'A marker entry');
    await tab.nextEvent('entry');

    const events = tab.messages.filter((m) => m.kind === 'event').map((m) => JSON.parse(m.data));
    expect(events.slice(0, -1)).toEqual([
      // The two new ones (notifyUser), then the owner's three changes.
      { type: 'notification', id: a },
      { type: 'notification', id: b },
      { type: 'notification', id: a },
      { type: 'notification', id: 'all' },
      { type: 'notification', id: b },
    ]);
    tab.close();
  });
});
