import { REMINDER_MESSAGES } from '@daybook/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  notifications,
  pushSubscriptions,
  reminderDeliveries,
  reminderSettings,
  users,
} from '../src/db/schema/index.ts';
import { isPublicAddress, type PushNetwork } from '../src/infra/push/endpoint-guard.ts';
import { createPushSender } from '../src/infra/push/web-push.ts';
import { visibleEntry } from '../src/modules/entries/repository.ts';
import { createRemindersService, REMINDER_NOTIFICATION } from '../src/modules/reminders/service.ts';
import { jobOf, type TestContext, useTestApp } from './support/app.ts';
import { openSecondHandle } from './support/database.ts';
import { createEntry, createSignedInUser, pathOf } from './support/factories.ts';
import { browserSubscription, LOCAL_PUSH_NETWORK, startPushService } from './support/push-service.ts';
import { startSmtpServer } from './support/smtp.ts';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
type Owner = Awaited<ReturnType<typeof createSignedInUser>>;
type Settings = {
  enabled?: boolean;
  time?: string;
  weekdays?: number[];
  channels?: { email: boolean; inApp: boolean; push: boolean };
};

const smtp = {} as Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => Object.assign(smtp, await startSmtpServer()));
afterAll(() => smtp.close());

const ctx = useTestApp(() => ({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000' }), {
  push: { network: LOCAL_PUSH_NETWORK },
});

/** A signed-in user in a time zone (set in the table, as the profile would). */
async function userIn(timezone: string): Promise<Owner> {
  const owner = await createSignedInUser(ctx);
  await ctx.database.db.update(users).set({ timezone }).where(eq(users.id, owner.user.id));
  return owner;
}

const save = (owner: Owner, settings: Settings = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/reminders',
    headers: { cookie: owner.cookie },
    payload: {
      enabled: true,
      time: '21:00',
      weekdays: EVERY_DAY,
      channels: { email: true, inApp: true, push: false },
      ...settings,
    },
  });

async function saved(owner: Owner, settings: Settings = {}) {
  const response = await save(owner, settings);
  if (response.statusCode !== 200) throw new Error(`save failed: ${response.body}`);
  return response.json() as { nextAt: string | null };
}

/** One run of the app's reminder job, as the scheduler runs it every minute. */
const tick = () => jobOf(ctx, 'deliver-daily-reminders').run();

const reminderMailsTo = (address: string) =>
  ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, 'daily_reminder')));

const reminderNotificationsOf = (userId: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, REMINDER_NOTIFICATION.type)));

const at = (iso: string) => ctx.clock.set(new Date(iso));

describe('reminder settings', () => {
  it('start off with defaults, save, and say when the next one is due in the user’s zone', async () => {
    at('2026-11-23T12:00:00Z');
    const owner = await userIn('Asia/Tokyo');
    const initial = await ctx.app.inject({
      method: 'GET',
      url: '/api/reminders',
      headers: { cookie: owner.cookie },
    });
    expect(initial.json()).toMatchObject({
      enabled: false,
      time: '20:00',
      weekdays: EVERY_DAY,
      timezone: 'Asia/Tokyo',
      nextAt: null,
      push: { available: true },
    });
    expect(initial.json().push.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const result = await saved(owner, { time: '08:30', weekdays: [1, 3] });
    // Monday 23 November 12:00 UTC is 21:00 in Tokyo: the next Tuesday 08:30 there is Monday 23:30 UTC.
    expect(result).toMatchObject({
      enabled: true,
      time: '08:30',
      weekdays: [1, 3],
      nextAt: '2026-11-23T23:30:00.000Z',
    });
    const reread = await ctx.app.inject({
      method: 'GET',
      url: '/api/reminders',
      headers: { cookie: owner.cookie },
    });
    expect(reread.json()).toMatchObject({ enabled: true, time: '08:30', weekdays: [1, 3] });
  });

  it('refuses a bad time, no day, no channel, and asks for a session', async () => {
    const owner = await userIn('UTC');
    const bad = await save(owner, { time: '25:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(REMINDER_MESSAGES.invalidTime);
    const noDay = await save(owner, { weekdays: [] });
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json().fields).toMatchObject({ weekdays: REMINDER_MESSAGES.noWeekday });
    const noChannel = await save(owner, { channels: { email: false, inApp: false, push: false } });
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.json().fields).toMatchObject({ channels: REMINDER_MESSAGES.noChannel });
    // Turned off, nothing else needs to hold.
    expect((await save(owner, { enabled: false, weekdays: [] })).statusCode).toBe(200);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/reminders' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('delivery at the local time', () => {
  it('reaches users in Tokyo, New York and London each at 21:00 local, once', async () => {
    at('2026-11-23T00:00:00Z');
    const tokyo = await userIn('Asia/Tokyo');
    const newYork = await userIn('America/New_York');
    const london = await userIn('Europe/London');
    for (const owner of [tokyo, newYork, london]) await saved(owner);
    const count = async () =>
      Promise.all([tokyo, newYork, london].map(async (o) => (await reminderMailsTo(o.user.email)).length));

    at('2026-11-23T11:59:00Z');
    await tick();
    expect(await count()).toEqual([0, 0, 0]);
    at('2026-11-23T12:00:00Z'); // 21:00 in Tokyo
    await tick();
    expect(await count()).toEqual([1, 0, 0]);
    at('2026-11-23T21:00:30Z'); // 21:00 in London, 16:00 in New York
    await tick();
    await tick();
    expect(await count()).toEqual([1, 0, 1]);
    at('2026-11-24T02:00:00Z'); // 21:00 in New York
    await tick();
    expect(await count()).toEqual([1, 1, 1]);
    expect(await reminderNotificationsOf(newYork.user.id)).toHaveLength(1);
    // The next day, each again.
    at('2026-11-24T12:00:00Z');
    await tick();
    expect(await count()).toEqual([2, 1, 1]);
    at('2026-11-24T21:01:00Z');
    await tick();
    expect(await count()).toEqual([2, 1, 2]);
  });

  it('on a spring-forward day sends a skipped 02:30 once, at 03:30, and is back to 02:30 the day after', async () => {
    at('2026-03-07T12:00:00Z');
    const owner = await userIn('America/New_York');
    expect(await saved(owner, { time: '02:30' })).toMatchObject({ nextAt: '2026-03-08T07:30:00.000Z' });
    at('2026-03-08T07:00:00Z'); // 03:00 EDT: the clocks have just jumped over 02:30
    await tick();
    expect(await reminderMailsTo(owner.user.email)).toHaveLength(0);
    at('2026-03-08T07:30:00Z');
    await tick();
    at('2026-03-08T08:30:00Z');
    await tick();
    expect(await reminderMailsTo(owner.user.email)).toHaveLength(1);
    at('2026-03-09T06:30:00Z'); // 02:30 EDT
    await tick();
    expect(await reminderMailsTo(owner.user.email)).toHaveLength(2);
  });

  it('on a fall-back day sends a 01:30 that happens twice only once', async () => {
    at('2026-10-31T12:00:00Z');
    const owner = await userIn('America/New_York');
    expect(await saved(owner, { time: '01:30' })).toMatchObject({ nextAt: '2026-11-01T05:30:00.000Z' });
    at('2026-11-01T05:30:00Z'); // 01:30 EDT
    await tick();
    at('2026-11-01T06:30:00Z'); // 01:30 EST, the second time
    await tick();
    expect(await reminderMailsTo(owner.user.email)).toHaveLength(1);
    const rows = await ctx.database.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.userId, owner.user.id));
    expect(rows.map((row) => row.localDate)).toEqual(['2026-11-01']);
  });

  it('skips days not chosen, and a day the server was down past the late limit', async () => {
    at('2026-11-23T08:00:00Z'); // a Monday
    const owner = await userIn('UTC');
    await saved(owner, { time: '09:00', weekdays: [0, 2] }); // Mondays and Wednesdays
    at('2026-11-23T13:00:00Z'); // four hours late: not sent at an odd hour
    await tick();
    at('2026-11-24T09:00:00Z'); // Tuesday: not chosen
    await tick();
    expect(await reminderMailsTo(owner.user.email)).toHaveLength(0);
    at('2026-11-25T09:05:00Z');
    await tick();
    expect(await reminderMailsTo(owner.user.email)).toHaveLength(1);
  });

  it('sends nothing on a day the user already wrote, and says so in the delivery record', async () => {
    at('2026-11-23T10:00:00Z');
    const owner = await userIn('Europe/London');
    await saved(owner, { time: '21:00' });
    expect((await createEntry(ctx, owner.cookie, owner.user.id, 'Wrote this morning.')).statusCode).toBe(201);
    at('2026-11-23T21:00:00Z');
    await tick();
    expect(await reminderMailsTo(owner.user.email)).toHaveLength(0);
    expect(await reminderNotificationsOf(owner.user.id)).toHaveLength(0);
    const [row] = await ctx.database.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.userId, owner.user.id));
    expect(row).toMatchObject({ localDate: '2026-11-23', outcome: 'already-written' });
    // The next day, not written yet: reminded.
    at('2026-11-24T21:00:00Z');
    await tick();
    expect(await reminderMailsTo(owner.user.email)).toHaveLength(1);
  });

  it('sends nothing to an account whose deletion is scheduled', async () => {
    at('2026-11-23T10:00:00Z');
    const owner = await userIn('UTC');
    await saved(owner, { time: '11:00' });
    await ctx.database.db
      .update(users)
      .set({ deletionRequestedAt: ctx.clock.now(), deletionScheduledFor: new Date('2026-12-23T10:00:00Z') })
      .where(eq(users.id, owner.user.id));
    at('2026-11-23T11:00:00Z');
    await tick();
    expect(await reminderMailsTo(owner.user.email)).toHaveLength(0);
    expect(await reminderNotificationsOf(owner.user.id)).toHaveLength(0);
  });

  it('respects the channels: in-app only writes a notification and no e-mail', async () => {
    at('2026-11-23T10:00:00Z');
    const owner = await userIn('UTC');
    await saved(owner, { time: '11:00', channels: { email: false, inApp: true, push: false } });
    at('2026-11-23T11:00:00Z');
    await tick();
    expect(await reminderMailsTo(owner.user.email)).toHaveLength(0);
    const [note] = await reminderNotificationsOf(owner.user.id);
    expect(note).toMatchObject({ title: REMINDER_NOTIFICATION.title, metadata: { localDate: '2026-11-23' } });
  });

  it('saving again after today’s reminder (a later time today) does not send today twice', async () => {
    at('2026-11-23T08:00:00Z');
    const owner = await userIn('UTC');
    await saved(owner, { time: '09:00' });
    at('2026-11-23T09:00:00Z');
    await tick();
    expect(await saved(owner, { time: '10:00' })).toMatchObject({ nextAt: '2026-11-23T10:00:00.000Z' });
    at('2026-11-23T10:00:00Z');
    await tick();
    expect(await reminderMailsTo(owner.user.email)).toHaveLength(1);
  });
});

describe('the e-mail and unsubscribing', () => {
  it('arrives over SMTP with List-Unsubscribe headers; one click on the link turns reminders off', async () => {
    at('2026-11-23T10:00:00Z');
    const owner = await userIn('Europe/Paris');
    await saved(owner, { time: '12:00' });
    at('2026-11-23T11:00:00Z'); // 12:00 in Paris
    await tick();
    await jobOf(ctx, 'deliver-outbox-mail').run();
    const mail = smtp.received.find(
      (m) => JSON.stringify(m.to ?? '').includes(owner.user.email) && m.subject?.includes('reminder'),
    );
    expect(mail?.subject).toBe('A gentle reminder to write in your Daybook journal');
    expect(mail?.text).toContain("You haven't written in your journal today yet.");
    expect(mail?.text).toContain('at 12:00 (Europe/Paris), every day');
    // The raw header lines, as a mail client reads them (RFC 2369, RFC 8058).
    const header = (name: string) =>
      (mail?.headerLines.find((h) => h.key === name)?.line ?? '').replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:\d+\/api\/reminders\/unsubscribe\/one-click\?token=[\w.%-]+>$/,
    );

    // The delivered row keeps no content or token.
    const [row] = await reminderMailsTo(owner.user.email);
    expect(row).toMatchObject({ status: 'sent', text: '', headers: null });

    const link = mail?.text?.match(/No more reminders: (\S+)/)?.[1] ?? '';
    expect(pathOf(link)).toMatch(/^\/reminders\/unsubscribe\?token=/);
    const token = new URL(link).searchParams.get('token')!;
    // A tampered token is refused and changes nothing.
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/api/reminders/unsubscribe',
      payload: { token: `${token.slice(0, -2)}xx` },
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe(REMINDER_MESSAGES.invalidToken);
    const [still] = await ctx.database.db
      .select()
      .from(reminderSettings)
      .where(eq(reminderSettings.userId, owner.user.id));
    expect(still?.enabled).toBe(true);

    // The page's button: no session needed.
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/reminders/unsubscribe',
      payload: { token },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ unsubscribed: true, message: REMINDER_MESSAGES.unsubscribed });
    at('2026-11-24T11:00:00Z');
    await tick();
    expect(await reminderMailsTo(owner.user.email)).toHaveLength(1);
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/reminders',
      headers: { cookie: owner.cookie },
    });
    expect(settings.json()).toMatchObject({ enabled: false, nextAt: null });
  });

  it('the mail client’s one-click POST (RFC 8058) turns reminders off; a token for another user only theirs', async () => {
    at('2026-11-23T10:00:00Z');
    const owner = await userIn('UTC');
    const other = await userIn('UTC');
    await saved(owner, { time: '11:00' });
    await saved(other, { time: '11:00' });
    const token = ctx.app.services.reminders.unsubscribeToken(owner.user.id);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/reminders/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    at('2026-11-23T11:00:00Z');
    await tick();
    expect(await reminderMailsTo(owner.user.email)).toHaveLength(0);
    expect(await reminderMailsTo(other.user.email)).toHaveLength(1);
    // Another user's id signed by someone else's token is not a token.
    const [encodedOwner] = token.split('.');
    const forged = `${Buffer.from(other.user.id).toString('base64url')}.${token.split('.')[1]}`;
    expect(encodedOwner).not.toBe(forged.split('.')[0]);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/reminders/unsubscribe',
      payload: { token: forged },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('exactly once', () => {
  it('two instances on the same database running the job at once send each user’s reminder once', async () => {
    at('2026-11-23T10:00:00Z');
    const owners: Owner[] = [];
    for (let i = 0; i < 12; i++) owners.push(await userIn(i % 2 ? 'UTC' : 'Europe/Lisbon'));
    for (const owner of owners) await saved(owner, { time: '11:00' });
    at('2026-11-23T11:00:00Z');
    const second = await openSecondHandle(ctx.database);
    try {
      const other = createRemindersService({
        db: second.db,
        clock: ctx.clock,
        appUrl: ctx.config.appUrl,
        authSecret: ctx.config.authSecret,
        push: null,
        visibleEntry,
      });
      const [a, b] = await Promise.all([
        ctx.app.services.reminders.deliverDue({ batchSize: 3 }),
        other.deliverDue({ batchSize: 3 }),
        ctx.app.services.reminders.deliverDue({ batchSize: 5 }),
      ]);
      expect(a!.sent + b!.sent).toBeGreaterThan(0);
      // A restart: the job runs again on the same minute.
      await tick();
      await other.deliverDue();
    } finally {
      await second.dropAll();
    }
    for (const owner of owners) {
      expect(await reminderMailsTo(owner.user.email)).toHaveLength(1);
      expect(await reminderNotificationsOf(owner.user.id)).toHaveLength(1);
    }
  });
});

describe('Web Push', () => {
  const push = {} as Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => Object.assign(push, await startPushService()));
  afterAll(() => push.close());

  /** The app's service with a sender that trusts the local push service's certificate. */
  const instance = (context: TestContext, network: PushNetwork = LOCAL_PUSH_NETWORK) =>
    createRemindersService({
      db: context.database.db,
      clock: context.clock,
      appUrl: context.config.appUrl,
      authSecret: context.config.authSecret,
      push: createPushSender(context.config.push, { network, ca: push.cert }),
      visibleEntry,
    });

  const register = (owner: Owner, subscription: ReturnType<typeof push.subscribe>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/reminders/push-subscriptions',
      headers: { cookie: owner.cookie },
      payload: subscription,
    });
  const endpointsOf = async (userId: string) =>
    (await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map(
      (s) => s.endpoint,
    );

  it('sends an encrypted, VAPID-signed push to each subscribed browser and forgets one that is gone', async () => {
    at('2026-11-23T10:00:00Z');
    const owner = await userIn('UTC');
    const live = push.subscribe(`/push/${owner.user.id}`);
    const gone = push.subscribe(`/gone/${owner.user.id}`);
    for (const subscription of [live, gone])
      expect((await register(owner, subscription)).statusCode).toBe(204);
    // Another user cannot remove someone else's subscription.
    const stranger = await userIn('UTC');
    await ctx.app.inject({
      method: 'DELETE',
      url: '/api/reminders/push-subscriptions',
      headers: { cookie: stranger.cookie },
      payload: { endpoint: live.endpoint },
    });
    await saved(owner, { time: '11:00', channels: { email: false, inApp: false, push: true } });

    at('2026-11-23T11:00:00Z');
    const service = instance(ctx);
    expect(await service.deliverDue()).toMatchObject({ sent: 1 });
    expect(await service.sendPendingPushes()).toEqual({ sent: 1, failed: 0 });
    const toLive = push.received.filter((p) => p.path === `/push/${owner.user.id}`);
    expect(toLive).toHaveLength(1);
    expect(JSON.parse(toLive[0]!.payload!)).toEqual({
      type: 'daily-reminder',
      title: REMINDER_NOTIFICATION.title,
      body: REMINDER_NOTIFICATION.message,
      url: '/new-entry',
    });
    expect(toLive[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(String(toLive[0]!.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(String(toLive[0]!.headers.authorization)).toContain(`k=${ctx.config.push!.publicKey}`);
    expect(await endpointsOf(owner.user.id)).toEqual([live.endpoint]);
    // Sent once: nothing pending is left.
    expect(await service.sendPendingPushes()).toEqual({ sent: 0, failed: 0 });
    expect(push.received.filter((p) => p.path === `/push/${owner.user.id}`)).toHaveLength(1);
  });

  it("keeps an endpoint with the account that registered it: another account's registration does not move it", async () => {
    const owner = await userIn('UTC');
    const stranger = await userIn('UTC');
    const mine = push.subscribe(`/push/${owner.user.id}`);
    expect((await register(owner, mine)).statusCode).toBe(204);

    // Someone who learnt the endpoint URL registers it with keys of their own.
    const theirs = { ...push.subscribe(`/push/${stranger.user.id}`), endpoint: mine.endpoint };
    const taken = await register(stranger, theirs);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(REMINDER_MESSAGES.pushEndpointTaken);
    expect(await endpointsOf(owner.user.id)).toEqual([mine.endpoint]);
    expect(await endpointsOf(stranger.user.id)).toEqual([]);

    // The same browser's subscription (its keys), signed in as someone else there, does move.
    expect((await register(stranger, mine)).statusCode).toBe(204);
    expect(await endpointsOf(stranger.user.id)).toEqual([mine.endpoint]);
    expect(await endpointsOf(owner.user.id)).toEqual([]);
  });

  it('connects only to the address it checked: a host that resolves inside by the time of the push gets nothing', async () => {
    at('2026-11-24T10:00:00Z');
    const owner = await userIn('UTC');
    const subscription = push.subscribe(`/rebound/${owner.user.id}`);
    expect((await register(owner, subscription)).statusCode).toBe(204);
    await saved(owner, { time: '11:00', channels: { email: false, inApp: false, push: true } });

    // DNS rebinding: the name resolves to a public address for the check before the push, to loopback for the
    // connection itself.
    let lookups = 0;
    const rebinding: PushNetwork = {
      isAllowedAddress: isPublicAddress,
      resolve: async () => (lookups++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']),
    };
    at('2026-11-24T11:00:00Z');
    const service = instance(ctx, rebinding);
    expect(await service.deliverDue({ userId: owner.user.id })).toMatchObject({ sent: 1 });
    expect(await service.sendPendingPushes()).toEqual({ sent: 0, failed: 1 });
    expect(lookups).toBe(2);
    expect(push.received.filter((p) => p.path === `/rebound/${owner.user.id}`)).toEqual([]);
    // It can never be delivered: forgotten, like a subscription the push service says is gone.
    expect(await endpointsOf(owner.user.id)).toEqual([]);
  });
});

describe('push endpoints on the production network', () => {
  const guarded = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });

  /** A new user's browser subscribing with this endpoint. */
  async function subscribe(endpoint: string) {
    const owner = await createSignedInUser(guarded);
    return guarded.app.inject({
      method: 'POST',
      url: '/api/reminders/push-subscriptions',
      headers: { cookie: owner.cookie },
      payload: browserSubscription(endpoint).json,
    });
  }

  it.each([
    ['loopback', 'https://127.0.0.1/push/1'],
    ['a private network', 'https://10.0.0.1/push/1'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', 'https://[::1]/push/1'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/push/1'],
    ['a unique-local address', 'https://[fd00:ec2::254]/push/1'],
    ['loopback written as a number', 'https://2130706433/push/1'],
    ['a host name that resolves to loopback', 'https://localhost/push/1'],
  ])('refuses %s', async (_case, endpoint) => {
    const response = await subscribe(endpoint);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(REMINDER_MESSAGES.pushEndpointRefused);
  });

  it.each([
    ['a user name and password in the URL', 'https://user:pass@fcm.googleapis.com/fcm/send/1'],
    ['plain http', 'http://fcm.googleapis.com/fcm/send/1'],
  ])('refuses %s as not a push endpoint', async (_case, endpoint) => {
    const response = await subscribe(endpoint);
    expect(response.statusCode).toBe(400);
    expect(await guarded.database.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('accepts a public address (nothing is connected to until a push is due)', async () => {
    const response = await subscribe('https://93.184.216.34/push/1');
    expect(response.statusCode).toBe(204);
  });
});

describe('without VAPID keys (several instances on PostgreSQL and none configured)', () => {
  const bare = useTestApp({ DATABASE_URL: 'postgres://unused.invalid/never' });

  it('offers no push and refuses a push channel with a clear message', async () => {
    const owner = await createSignedInUser(bare);
    const settings = await bare.app.inject({
      method: 'GET',
      url: '/api/reminders',
      headers: { cookie: owner.cookie },
    });
    expect(settings.json().push).toEqual({ available: false, publicKey: null });
    const response = await bare.app.inject({
      method: 'PUT',
      url: '/api/reminders',
      headers: { cookie: owner.cookie },
      payload: {
        enabled: true,
        time: '20:00',
        weekdays: [0],
        channels: { email: false, inApp: false, push: true },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(REMINDER_MESSAGES.pushUnavailable);
  });
});
