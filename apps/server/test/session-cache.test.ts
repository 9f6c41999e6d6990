import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/index.ts';
import { SESSION_CACHE_OPTIONS } from '../src/infra/auth/session-cache.ts';
import { createAccountAdministration } from '../src/modules/account/service.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import {
  clientAddress,
  createSignedInUser,
  STRONG_PASSWORD,
  sessionCookie,
  signIn,
} from './support/factories.ts';

/** GET /api/me with a cookie: the cheapest signed-in request, answering whose session it is. */
const me = (ctx: TestContext, cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie }, remoteAddress: clientAddress() });

/**
 * Asks until the session is refused, and says after how long; fails once `boundMs` has passed without a refusal.
 * Polling a condition, not a fixed wait: it returns as soon as the refusal is seen.
 */
async function refusedWithin(ctx: TestContext, cookie: string, boundMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const response = await me(ctx, cookie);
    const elapsed = performance.now() - started;
    if (response.statusCode === 401) return elapsed;
    expect(response.statusCode).toBe(200);
    if (elapsed > boundMs) throw new Error(`session still served after ${Math.round(elapsed)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Signed in, and the session answered once, so this instance holds it in its cache. */
async function cachedSession(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const signedIn = await createSignedInUser(ctx, overrides);
  await answeredFromCache(ctx, signedIn);
  return signedIn;
}

/** Answers the session on `ctx`, making sure that instance now holds it (it caches only while it listens). */
async function answeredFromCache(ctx: TestContext, signedIn: { cookie: string; user: { id: string } }) {
  await ctx.app.services.sessionCache.listen();
  expect(ctx.app.services.sessionCache.isTrusted()).toBe(true);
  const before = ctx.app.services.sessionCache.size();
  const first = await me(ctx, signedIn.cookie);
  expect(first.statusCode).toBe(200);
  expect(first.json().id).toBe(signedIn.user.id);
  expect(ctx.app.services.sessionCache.size()).toBe(before + 1);
}

describe('session cache on one instance (ADR 047)', () => {
  const ctx = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });

  it('refuses a signed-out session at once', async () => {
    const { cookie } = await cachedSession(ctx);
    const signOut = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(signOut.statusCode).toBe(200);
    expect((await me(ctx, cookie)).statusCode).toBe(401);
  });

  it('refuses the other sessions at once after "sign out everywhere else" and after a password change', async () => {
    const { user, cookie } = await cachedSession(ctx);
    const other = sessionCookie((await signIn(ctx, user.email)).headers['set-cookie']);
    const third = sessionCookie((await signIn(ctx, user.email)).headers['set-cookie']);
    for (const session of [other, third]) expect((await me(ctx, session)).statusCode).toBe(200);

    const revoked = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/sessions/revoke-others',
      headers: { cookie: third },
    });
    expect(revoked.json()).toEqual({ revoked: 2 });
    expect((await me(ctx, cookie)).statusCode).toBe(401);
    expect((await me(ctx, other)).statusCode).toBe(401);
    expect((await me(ctx, third)).statusCode).toBe(200);

    const fourth = sessionCookie((await signIn(ctx, user.email)).headers['set-cookie']);
    expect((await me(ctx, fourth)).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: third },
      payload: {
        currentPassword: STRONG_PASSWORD,
        newPassword: 'Other-Meadow-77',
        confirmPassword: 'Other-Meadow-77',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(ctx, fourth)).statusCode).toBe(401);
    expect((await me(ctx, third)).statusCode).toBe(401);
    // The session the change handed back works, and is the user's.
    const renewed = sessionCookie(changed.headers['set-cookie']);
    expect((await me(ctx, renewed)).json().id).toBe(user.id);
  });

  it('refuses a user disabled in the admin area at once', async () => {
    const admin = await createSignedInUser(ctx);
    await ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const person = await cachedSession(ctx);
    const disabled = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${person.user.id}/disable`,
      headers: { cookie: admin.cookie },
      remoteAddress: clientAddress(),
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await me(ctx, person.cookie)).statusCode).toBe(401);
  });

  it('refuses a user disabled from the command line (another process) within the bound', async () => {
    const person = await cachedSession(ctx);
    // The CLI holds none of this instance's memory: only the NOTIFY of its transaction reaches the cache.
    await createAccountAdministration(ctx.database.db).setDisabled(person.user.email, true);
    await refusedWithin(ctx, person.cookie, SESSION_CACHE_OPTIONS.ttlMs);
  });

  it('shows a changed profile (time zone) at once', async () => {
    const { cookie } = await cachedSession(ctx);
    const updated = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      payload: { timezone: 'Europe/Paris' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user.timezone).toBe('Europe/Paris');
  });
});

describe('session cache: never another user’s session', () => {
  // Two entries at most: every round below evicts, so eviction and reload paths are exercised too.
  const ctx = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, { sessionCache: { maxEntries: 2 } });

  it('answers every cookie with its own user, under parallel requests and evictions', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => createSignedInUser(ctx)));
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(
        [...people, ...people.toReversed()].map(async (person) => ({
          person,
          response: await me(ctx, person.cookie),
        })),
      );
      for (const { person, response } of answers) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: person.user.id, email: person.user.email });
      }
    }
    // A cookie whose signature does not match its token is refused, even though the token is cached.
    const [token] = decodeURIComponent(people[0]!.cookie.split('=')[1]!).split('.');
    const forged = `daybook.session_token=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect((await me(ctx, forged)).statusCode).toBe(401);
  });
});

describe('session cache: a revocation nobody announced', () => {
  const ttlMs = 1_000;
  const ctx = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, { sessionCache: { ttlMs } });

  it('ends with the TTL: a session deleted without a NOTIFY is refused once its cached answer is stale', async () => {
    const { user, cookie } = await cachedSession(ctx);
    // A write outside the app's code (an operator's SQL): no message on the channel.
    await ctx.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await refusedWithin(ctx, cookie, ttlMs * 3);
    // The refusal came from a reload: the stale answer is gone from the cache.
    expect(ctx.app.services.sessionCache.size()).toBe(0);
  });
});

describe('session cache on two instances sharing one database', () => {
  const first = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  // The second instance's TTL is far longer than the bound: only the channel can make it refuse in time.
  const second = useTestApp(
    { RATE_LIMIT_PER_MINUTE: '100000' },
    { sessionCache: { ttlMs: 10 * 60_000 } },
    { sameDatabaseAs: first },
  );

  it('refuses a session signed out on instance 1 at once there and within the bound on instance 2', async () => {
    const signedIn = await cachedSession(first);
    const { cookie } = signedIn;
    await answeredFromCache(second, signedIn);
    const signOut = await first.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await me(first, cookie)).statusCode).toBe(401);
    await refusedWithin(second, cookie, SESSION_CACHE_OPTIONS.ttlMs);
  });

  it('refuses on instance 2 the sessions of a user disabled through instance 1', async () => {
    const admin = await createSignedInUser(first);
    await first.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const person = await cachedSession(first);
    await answeredFromCache(second, person);
    const disabled = await first.app.inject({
      method: 'POST',
      url: `/api/admin/users/${person.user.id}/disable`,
      headers: { cookie: admin.cookie },
      remoteAddress: clientAddress(),
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await me(first, person.cookie)).statusCode).toBe(401);
    await refusedWithin(second, person.cookie, SESSION_CACHE_OPTIONS.ttlMs);
  });

  it('refuses on instance 2 the other sessions after a password change on instance 1', async () => {
    const { user, cookie } = await cachedSession(first);
    const other = sessionCookie((await signIn(first, user.email)).headers['set-cookie']);
    await answeredFromCache(second, { cookie: other, user });
    const changed = await first.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie },
      payload: {
        currentPassword: STRONG_PASSWORD,
        newPassword: 'Other-Meadow-77',
        confirmPassword: 'Other-Meadow-77',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await refusedWithin(second, other, SESSION_CACHE_OPTIONS.ttlMs);
  });
});
