import { ERROR_STATUS } from '@daybook/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database, DatabaseTimeouts } from '../src/db/client.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/infra/http/errors.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { type TestContext, testConfig } from './support/app.ts';
import { browserEncrypt, createSignedInUser, signIn } from './support/factories.ts';
import { type Outage, openOutageDatabase } from './support/outage.ts';

const serverUrl = process.env.DATABASE_URL;

/**
 * The production deadlines, except a short lock wait so that a locked read fails fast in the test, a statement
 * deadline of 3 s so that a query on a hung network is given up on (3 s + the connect deadline) within the test,
 * and a ping deadline of 0.7 s instead of 1.5 s: the test holds health to the 2 s, and the shorter ping
 * leaves the slack a busy two-core machine needs to answer on time (production's 1.5 s is itself under 2 s).
 */
const timeouts: DatabaseTimeouts = { connectMs: 1_000, statementMs: 3_000, lockMs: 500, pingMs: 700 };
const HEALTH_BOUND_MS = 2_000;

type Logged = { level: 'error' | 'warn'; message: string };

/** The real app on its own database, with every error and warning its requests log kept for assertions. */
async function startApp(database: Database & { dropAll(): Promise<void> }) {
  const config = testConfig();
  const clock = new ManualClock();
  const app = await buildApp({ config, database, clock });
  const logged: Logged[] = [];
  // Every request logs through a child of the app's logger (Fastify's default child-logger factory).
  const makeChild = app.log.child.bind(app.log);
  app.log.child = ((...childArgs: Parameters<typeof app.log.child>) => {
    const child = makeChild(...childArgs);
    for (const level of ['error', 'warn'] as const) {
      const original = child[level].bind(child) as (...args: unknown[]) => void;
      child[level] = ((...args: unknown[]) => {
        logged.push({ level, message: args.find((a) => typeof a === 'string') as string });
        original(...args);
      }) as typeof child.error;
    }
    return child;
  }) as typeof app.log.child;
  await app.ready();
  const ctx: TestContext = { app, database, config, clock };
  return { ctx, logged };
}

async function timedHealth(ctx: TestContext) {
  const startedAt = performance.now();
  const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  return { response, elapsedMs: performance.now() - startedAt };
}

function expectServiceUnavailable(response: Awaited<ReturnType<TestContext['app']['inject']>>) {
  expect(response.statusCode, response.body).toBe(ERROR_STATUS.SERVICE_UNAVAILABLE);
  expect(response.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/**
 * Signed-in requests across the API, one or two per module, the session lookup first in each: what an outage
 * must answer with 503, whichever layer (Drizzle, better-auth's sliding refresh, a job's own error) wrapped the
 * driver's error. `withLiveStream`: the live stream too (on a hung network a stream may open from a cached
 * session, as it reads nothing, and never end).
 */
function signedInRequests(entry: { id: string; payload: object }, withLiveStream: boolean): InjectOptions[] {
  return [
    { method: 'GET', url: '/api/me' },
    { method: 'PATCH', url: '/api/me', payload: { fullName: 'Ada Byron' } },
    { method: 'GET', url: '/api/me/sessions' },
    { method: 'GET', url: '/api/entries' },
    { method: 'POST', url: '/api/entries', payload: entry.payload },
    { method: 'GET', url: `/api/entries/${entry.id}` },
    { method: 'GET', url: '/api/streak' },
    { method: 'GET', url: '/api/notifications' },
    { method: 'GET', url: '/api/shares/received' },
    { method: 'GET', url: '/api/future-messages' },
    { method: 'GET', url: '/api/export/summary' },
    { method: 'GET', url: '/api/export/archive' },
    // A test tool whose delivery error keeps only the driver's code: closed PGlite's has none.
    { method: 'POST', url: '/api/dev/future-messages/process' },
    ...(withLiveStream ? [{ method: 'GET', url: '/api/events' } as const] : []),
    { method: 'POST', url: '/api/auth/sign-out' },
  ];
}

/** Sends every request at once, as a page's worth of clients would, and expects each to be told to retry. */
async function expectAllUnavailable(ctx: TestContext, cookie: string, requests: InjectOptions[]) {
  const answers = await Promise.all(
    requests.map((request) => ctx.app.inject({ ...request, headers: { cookie } })),
  );
  const said = (request: InjectOptions, status: number) => `${request.method} ${request.url} → ${status}`;
  expect(answers.map((answer, i) => said(requests[i]!, answer.statusCode))).toEqual(
    requests.map((request) => said(request, ERROR_STATUS.SERVICE_UNAVAILABLE)),
  );
  for (const answer of answers) expectServiceUnavailable(answer);
}

/** A signed-in user with one entry, and a valid body for another: what the walk of signed-in requests needs. */
async function userWithAnEntry(ctx: TestContext) {
  const { user, cookie } = await createSignedInUser(ctx);
  const payload = await browserEncrypt(ctx, cookie, user.id, 'A quiet walk by the river.');
  const created = await ctx.app.inject({ method: 'POST', url: '/api/entries', headers: { cookie }, payload });
  expect(created.statusCode, created.body).toBe(201);
  return { user, cookie, entry: { id: created.json().entry.id as string, payload } };
}

describe(`the database (${serverUrl ? 'PostgreSQL' : 'PGlite'}) hanging or gone`, () => {
  let outage: Outage;
  let ctx: TestContext;
  let logged: Logged[];

  beforeAll(async () => {
    outage = await openOutageDatabase(timeouts);
    ({ ctx, logged } = await startApp(outage.database));
  });
  afterAll(async () => {
    await outage?.recover();
    await ctx?.app.close();
    await outage?.cleanUp();
  });

  it('answers health with 503 within 2 s while the database hangs, and 200 once it recovers', async () => {
    await outage.hang();

    const stuck = await timedHealth(ctx);
    expect(stuck.response.statusCode).toBe(503);
    expect(stuck.response.json()).toMatchObject({ status: 'degraded', database: 'down' });
    expect(stuck.elapsedMs).toBeLessThan(HEALTH_BOUND_MS);
    if (serverUrl) {
      // A request that needs the locked table gives up at the lock timeout and says "try again". (PGlite
      // has no lock or statement timeouts: its requests wait for the transaction, see ADR 015.)
      expectServiceUnavailable(await ctx.app.inject({ method: 'GET', url: '/api/pricing' }));
    }

    await outage.recover();
    // Recovery is seen by the next pings; polled, so a slow first ping on a busy machine is not a failure.
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json(), {
        timeout: 10_000,
      })
      .toMatchObject({ status: 'ok', database: 'up' });
  });

  // PGlite has no network to hang (and no statement timeout: its requests wait, ADR 015).
  if (serverUrl)
    it('answers every signed-in request with 503 while the network to PostgreSQL hangs, the sliding refresh too', async () => {
      const { cookie, entry } = await userWithAnEntry(ctx);
      // Served from the session cache from now on: the hang then meets the route's own queries, and, a day
      // later, better-auth's sliding refresh, which wraps the driver's error in its own.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(
        200,
      );
      ctx.clock.advance(2 * 24 * 60 * 60 * 1000);
      logged.length = 0;

      outage.pauseNetwork!();
      try {
        await expectAllUnavailable(ctx, cookie, signedInRequests(entry, false));
      } finally {
        outage.resumeNetwork!();
      }
      expect(logged.filter((l) => l.level === 'error')).toEqual([]);

      await expect
        .poll(
          async () =>
            (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode,
          {
            timeout: 10_000,
          },
        )
        .toBe(200);
    });

  it('answers 503 SERVICE_UNAVAILABLE, not 500 or 401, once the database is gone, and logs no unhandled error', async () => {
    const { user, cookie, entry } = await userWithAnEntry(ctx);
    // The session is cached: on PGlite the closed database must stop it from being trusted.
    const before = await ctx.app.inject({ method: 'GET', url: '/api/entries', headers: { cookie } });
    expect(before.statusCode).toBe(200);
    logged.length = 0;

    await outage.takeAway();

    const health = await timedHealth(ctx);
    expect(health.response.statusCode).toBe(503);
    expect(health.response.json()).toMatchObject({ database: 'down' });
    expect(health.elapsedMs).toBeLessThan(HEALTH_BOUND_MS);
    expectServiceUnavailable(await ctx.app.inject({ method: 'GET', url: '/api/pricing' }));
    await expectAllUnavailable(ctx, cookie, signedInRequests(entry, true));
    expectServiceUnavailable(await signIn(ctx, user.email));
    expect(logged.filter((l) => l.level === 'error')).toEqual([]);
    expect(logged).toContainEqual({ level: 'warn', message: 'database unavailable' });
  });
});
