import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { LISTENER_APPLICATION_NAME, listenOnPostgres } from '../src/db/listen.ts';
import { LIVE_EVENTS_CHANNEL } from '../src/db/live-events.ts';
import { sessions, users } from '../src/db/schema/index.ts';
import { HTTP_TIMEOUTS } from '../src/infra/http/timeouts.ts';
import { notifyUser } from '../src/modules/notifications/service.ts';
import { type TestContext, testConfig, useTestApp } from './support/app.ts';
import {
  browserEncrypt,
  createEntry,
  createSignedInUser,
  sessionCookie,
  signIn,
} from './support/factories.ts';
import { openStream, originOf, type StreamMessage } from './support/live.ts';
import { startTcpProxy } from './support/tcp-proxy.ts';

const isPostgres = Boolean(process.env.DATABASE_URL);

const eventsOf = (messages: StreamMessage[]) =>
  messages.filter((m) => m.kind === 'event').map((m) => JSON.parse(m.data) as { type: string; id?: string });

const notify = (ctx: TestContext, userId: string, title = 'A thank-you') =>
  notifyUser(ctx.database.db, { userId, type: 'thank_you_received', title, message: 'Thanks!' });

/**
 * Waits until everything queued for `userId` before now has reached `stream`: a marker event queued after it
 * arrives last, since one channel delivers in commit order and a stream writes in order.
 */
async function drain(ctx: TestContext, userId: string, stream: Awaited<ReturnType<typeof openStream>>) {
  const marker = await notify(ctx, userId, 'marker');
  await stream.next((m) => m.kind === 'event' && JSON.parse(m.data).id === marker.id);
}

/** Waits for a condition that something else makes true (a reconnect, a delivery), checking every 10 ms. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('GET /api/events on one instance', () => {
  const ctx = useTestApp({}, { live: { heartbeatMs: 200, maxStreamsPerUser: 3, retryMs: 1234 } });

  it('streams text/event-stream, uncompressed, with retry and a first id, behind the usual security headers', async () => {
    const origin = await originOf(ctx.app);
    const { cookie } = await createSignedInUser(ctx);
    const tab = await openStream(origin, { cookie, 'accept-encoding': 'br, gzip' });
    expect(tab.status).toBe(200);
    expect(tab.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(tab.headers['cache-control']).toBe('no-store, no-transform');
    expect(tab.headers['content-encoding']).toBeUndefined();
    expect(tab.headers['content-length']).toBeUndefined();
    expect(tab.headers['x-content-type-options']).toBe('nosniff');
    expect(await tab.next()).toEqual({ kind: 'fields', retry: '1234', id: '0' });
    tab.close();
  });

  it('refuses a missing or unknown session with 401', async () => {
    const origin = await originOf(ctx.app);
    const none = await openStream(origin);
    expect(none.status).toBe(401);
    await none.ended;
    expect(JSON.parse(none.body)).toMatchObject({ code: 'UNAUTHENTICATED' });
    const forged = await openStream(origin, { cookie: 'daybook.session_token=forged.c2lnbmF0dXJl' });
    expect(forged.status).toBe(401);
  });

  it("delivers a notification for B on B's stream and not on A's", async () => {
    const origin = await originOf(ctx.app);
    const a = await createSignedInUser(ctx);
    const b = await createSignedInUser(ctx);
    const tabA = await openStream(origin, { cookie: a.cookie });
    const tabB = await openStream(origin, { cookie: b.cookie });
    const created = await notify(ctx, b.user.id);

    const received = await tabB.nextEvent('notification');
    expect(received.id).toBe('1');
    expect(JSON.parse(received.data)).toEqual({ type: 'notification', id: created.id });
    await drain(ctx, a.user.id, tabA);
    expect(eventsOf(tabA.messages).filter((e) => e.id === created.id)).toEqual([]);
    tabA.close();
    tabB.close();
  });

  it('tells every tab of the user when an entry is created, edited or deleted, and nothing of a refused one', async () => {
    const origin = await originOf(ctx.app);
    const { user, cookie } = await createSignedInUser(ctx);
    const tab1 = await openStream(origin, { cookie });
    const tab2 = await openStream(origin, { cookie });

    const created = await createEntry(ctx, cookie, user.id, 'Morning pages');
    expect(created.statusCode).toBe(201);
    const id = created.json().entry.id as string;
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/entries/${id}`,
      headers: { cookie },
      payload: await browserEncrypt(ctx, cookie, user.id, 'Morning pages, revised'),
    });
    expect(edited.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/entries/${id}`, headers: { cookie } })).statusCode,
    ).toBe(200);
    // Free plan: 3 entries a day, the deleted one included; the fourth is refused and rolled back.
    for (const text of ['Two', 'Three'])
      expect((await createEntry(ctx, cookie, user.id, text)).statusCode).toBe(201);
    expect((await createEntry(ctx, cookie, user.id, 'Four')).statusCode).toBe(429);

    await drain(ctx, user.id, tab1);
    await drain(ctx, user.id, tab2);
    for (const tab of [tab1, tab2]) {
      const entryEvents = eventsOf(tab.messages).filter((e) => e.type === 'entry');
      expect(entryEvents.slice(0, 3)).toEqual([
        { type: 'entry', id },
        { type: 'entry', id },
        { type: 'entry', id },
      ]);
      expect(entryEvents).toHaveLength(5);
      tab.close();
    }
  });

  it('sends a comment heartbeat on every interval', async () => {
    const origin = await originOf(ctx.app);
    const { cookie } = await createSignedInUser(ctx);
    const tab = await openStream(origin, { cookie });
    await tab.next((m) => m.kind === 'comment');
    await tab.next((m) => m.kind === 'comment');
    expect(tab.messages.filter((m) => m.kind === 'comment')[0]).toEqual({
      kind: 'comment',
      text: 'heartbeat',
    });
    tab.close();
  });

  it('answers a reconnect with Last-Event-ID with resync first', async () => {
    const origin = await originOf(ctx.app);
    const { user, cookie } = await createSignedInUser(ctx);
    const tab = await openStream(origin, { cookie, 'last-event-id': '41' });
    expect(tab.status).toBe(200);
    const first = await tab.nextEvent();
    expect(first).toEqual({ kind: 'event', event: 'resync', id: '1', data: '{"type":"resync"}' });
    const created = await notify(ctx, user.id);
    expect(JSON.parse((await tab.nextEvent('notification')).data)).toEqual({
      type: 'notification',
      id: created.id,
    });
    // A first connection (no Last-Event-ID) gets no resync.
    const fresh = await openStream(origin, { cookie });
    await drain(ctx, user.id, fresh);
    expect(eventsOf(fresh.messages).map((e) => e.type)).toEqual(['notification']);
    tab.close();
    fresh.close();
  });

  it('closes the stream at sign-out, and a reconnect is refused', async () => {
    const origin = await originOf(ctx.app);
    const { cookie } = await createSignedInUser(ctx);
    const tab = await openStream(origin, { cookie });
    const other = await createSignedInUser(ctx);
    const otherTab = await openStream(origin, { cookie: other.cookie });
    const signOut = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(signOut.statusCode).toBe(200);
    await tab.ended;
    expect((await openStream(origin, { cookie, 'last-event-id': '3' })).status).toBe(401);
    // Other sessions stay.
    await drain(ctx, other.user.id, otherTab);
    otherTab.close();
  });

  it('closes streams of a session that ended elsewhere (expired, removed, user disabled) at the next heartbeat', async () => {
    const origin = await originOf(ctx.app);
    const expiring = await createSignedInUser(ctx);
    const removed = await createSignedInUser(ctx);
    const disabled = await createSignedInUser(ctx);
    const staying = await createSignedInUser(ctx);
    const tabs = await Promise.all(
      [expiring, removed, disabled].map(({ cookie }) => openStream(origin, { cookie })),
    );
    const stayingTab = await openStream(origin, { cookie: staying.cookie });
    // Expired by the app's own clock, which the session check reads.
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1000) })
      .where(eq(sessions.userId, expiring.user.id));
    await ctx.database.db.delete(sessions).where(eq(sessions.userId, removed.user.id));
    await ctx.database.db.update(users).set({ banned: true }).where(eq(users.id, disabled.user.id));
    await Promise.all(tabs.map((tab) => tab.ended));
    // Two more heartbeats, each with its session check: the live session keeps its stream.
    const heartbeatCount = () => stayingTab.messages.filter((m) => m.kind === 'comment').length;
    const seen = heartbeatCount();
    await stayingTab.next(() => heartbeatCount() >= seen + 2);
    await drain(ctx, staying.user.id, stayingTab);
    stayingTab.close();
  });

  it("closes a user's oldest stream beyond the per-user cap", async () => {
    const origin = await originOf(ctx.app);
    const { user, cookie } = await createSignedInUser(ctx);
    const tabs = [];
    for (let i = 0; i < 3; i++) tabs.push(await openStream(origin, { cookie }));
    const fourth = await openStream(origin, { cookie });
    await tabs[0]!.ended;
    for (const tab of [...tabs.slice(1), fourth]) await drain(ctx, user.id, tab);
    for (const tab of [...tabs, fourth]) tab.close();
  });

  it.skipIf(!isPostgres)(
    'reopens a dropped listening connection and tells open streams to resync',
    async () => {
      const origin = await originOf(ctx.app);
      const { user, cookie } = await createSignedInUser(ctx);
      const tab = await openStream(origin, { cookie });
      await drain(ctx, user.id, tab);
      const ended = await ctx.database.query<{ ok: boolean }>(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity
         where application_name = $1 and datname = current_database()`,
        [LISTENER_APPLICATION_NAME],
      );
      expect(ended).toEqual([{ ok: true }]);
      await tab.nextEvent('resync');
      await drain(ctx, user.id, tab);
      tab.close();
    },
  );

  it.skipIf(!isPostgres)(
    'keeps retrying with back-off while the database is away, and says so once it listens again',
    async () => {
      const target = new URL(ctx.database.url!);
      let proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const viaProxy = new URL(target);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const heard: string[] = [];
      let disconnects = 0;
      let reconnects = 0;
      const subscription = await listenOnPostgres(
        viaProxy.toString(),
        LIVE_EVENTS_CHANNEL,
        {
          onMessage: (payload) => heard.push(payload),
          onDisconnect: () => disconnects++,
          onReconnect: () => reconnects++,
        },
        { connectMs: 2_000, initialBackoffMs: 10, maxBackoffMs: 80, checkMs: 60_000 },
      );
      try {
        expect(subscription.isListening()).toBe(true);
        await proxy.stop();
        // The drop, then attempts refused while the host is away.
        await until(() => disconnects >= 4);
        expect(subscription.isListening()).toBe(false);
        expect(reconnects).toBe(0);
        proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, proxy.port);
        await until(() => reconnects === 1);
        expect(subscription.isListening()).toBe(true);
        await ctx.database.query('select pg_notify($1, $2)', [LIVE_EVENTS_CHANNEL, 'after the outage']);
        await until(() => heard.includes('after the outage'));
      } finally {
        await subscription.close();
        await proxy.stop();
      }
    },
  );

  it('ends open streams when the server closes, and closing does not wait for them', async () => {
    const config = testConfig();
    const app = await buildApp({ config, database: ctx.database, live: { heartbeatMs: 60_000 } });
    const origin = await originOf(app);
    const { cookie } = await createSignedInUser(ctx);
    const tab = await openStream(origin, { cookie });
    expect(tab.status).toBe(200);
    await tab.next();
    await app.close();
    await tab.ended;
  });
});

describe('streams and the HTTP timeouts', () => {
  // The socket idle timeout is shorter than the heartbeat: a stream must outlive it between heartbeats.
  const ctx = useTestApp(
    {},
    {
      httpTimeouts: { ...HTTP_TIMEOUTS, socketIdleMs: 800, keepAliveMs: 800 },
      live: { heartbeatMs: 2_000 },
    },
  );

  it('keeps a quiet stream open past the socket idle timeout', async () => {
    const origin = await originOf(ctx.app);
    const { user, cookie } = await createSignedInUser(ctx);
    const tab = await openStream(origin, { cookie });
    await tab.next((m) => m.kind === 'comment');
    await drain(ctx, user.id, tab);
    tab.close();
  });
});

describe('two server instances on one database', () => {
  // Heartbeats far apart: a session check at a heartbeat cannot be what closes a stream here.
  const live = { heartbeatMs: 600_000 };
  const first = useTestApp({}, { live });
  const second = useTestApp({}, { live }, { sameDatabaseAs: first });

  it('delivers an event caused on instance 1 to a stream held by instance 2, for its user only', async () => {
    const origin2 = await originOf(second.app);
    const a = await createSignedInUser(first);
    const b = await createSignedInUser(first);
    const tabA = await openStream(origin2, { cookie: a.cookie });
    const tabB = await openStream(origin2, { cookie: b.cookie });

    const created = await createEntry(first, b.cookie, b.user.id, 'Written through instance 1');
    expect(created.statusCode).toBe(201);
    expect(JSON.parse((await tabB.nextEvent('entry')).data)).toEqual({
      type: 'entry',
      id: created.json().entry.id,
    });
    const notification = await notify(first, b.user.id);
    expect(JSON.parse((await tabB.nextEvent('notification')).data)).toEqual({
      type: 'notification',
      id: notification.id,
    });
    await drain(first, a.user.id, tabA);
    expect(eventsOf(tabA.messages).map((e) => e.type)).toEqual(['notification']);
    tabA.close();
    tabB.close();
  });

  it('ends a session signed out from the sessions list at once, on any instance: its stream is told and closes, its next request is refused (docs/product/accounts.md#accounts-sessions)', async () => {
    const origin2 = await originOf(second.app);
    const { user, cookie: laptop } = await createSignedInUser(first);
    const phone = sessionCookie(
      (await signIn(first, user.email, user.password, 'Phone')).headers['set-cookie'],
    );
    const laptopTab = await openStream(origin2, { cookie: laptop });
    const phoneTab = await openStream(origin2, { cookie: phone });

    const listed = await first.app.inject({
      method: 'GET',
      url: '/api/me/sessions',
      headers: { cookie: laptop },
    });
    const phoneSession = listed.json().sessions.find((s: { userAgent: string }) => s.userAgent === 'Phone');
    const ended = await first.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${phoneSession.id}`,
      headers: { cookie: laptop },
    });
    expect(ended.statusCode).toBe(204);

    // Told, then closed, on the other instance: at once, not at a heartbeat's session check (ten minutes away).
    await phoneTab.ended;
    expect(eventsOf(phoneTab.messages)).toEqual([{ type: 'session-ended' }]);
    expect(
      (await first.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: phone } })).statusCode,
    ).toBe(401);
    // The session that did it keeps its stream, and is told nothing.
    await drain(first, user.id, laptopTab);
    expect(eventsOf(laptopTab.messages).map((e) => e.type)).toEqual(['notification']);
    laptopTab.close();
  });

  it('closes a stream on instance 2 when its session signs out through instance 1', async () => {
    const origin2 = await originOf(second.app);
    const { cookie } = await createSignedInUser(first);
    const tab = await openStream(origin2, { cookie });
    await tab.next();
    const signOut = await first.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
    });
    expect(signOut.statusCode).toBe(200);
    await tab.ended;
    // The tab signed itself out: it is not told its session ended elsewhere.
    expect(eventsOf(tab.messages)).toEqual([]);
  });
});
