import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { signJWT } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessions, users, verifications } from '../src/db/schema/index.ts';
import { hashSessionToken } from '../src/infra/auth/session-tokens.ts';
import type { TestContext } from './support/app.ts';
import { useTestApp } from './support/app.ts';
import {
  clientAddress,
  createSignedInUser,
  createUser,
  latestMailTo,
  pathOf,
  register,
  registeredBrowserCookie,
  sessionCookie,
  signIn,
} from './support/factories.ts';

const HOUR_MS = 60 * 60 * 1000;

/** better-auth's cookie for a token, signed with AUTH_SECRET: what a thief holding the data folder could make. */
function signedCookie(ctx: TestContext, token: string): string {
  const signature = createHmac('sha256', ctx.config.authSecret).update(token).digest('base64');
  return `daybook.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** The token a session cookie carries (the part before its signature). */
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

const me = (ctx: TestContext, cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

/** Every value of every row of a table, as text. */
async function valuesOf(ctx: TestContext, table: 'sessions' | 'verifications'): Promise<string[]> {
  const rows = await ctx.database.query<Record<string, unknown>>(`select * from ${table}`);
  return rows.flatMap((row) =>
    Object.values(row)
      .filter((value) => value !== null)
      .map((value) => (value instanceof Date ? value.toISOString() : String(value))),
  );
}

describe('session tokens at rest', () => {
  const ctx = useTestApp();
  afterEach(() => vi.useRealTimers());

  it('stores only the SHA-256 of the token the cookie carries', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const token = tokenOf(cookie);
    expect(token.length).toBeGreaterThanOrEqual(32);
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.token).toBe(hashSessionToken(token));
    expect(row!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await valuesOf(ctx, 'sessions');
    expect(stored.some((value) => value.includes(token))).toBe(false);
    expect((await me(ctx, cookie)).statusCode).toBe(200);
  });

  it('refuses a cookie made from any stored value, signed with AUTH_SECRET, on every path', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const stolen = await valuesOf(ctx, 'sessions');
    for (const value of stolen) {
      const forged = signedCookie(ctx, value);
      expect((await me(ctx, forged)).statusCode).toBe(401);
      const session = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: forged },
      });
      expect(session.json()).toEqual({ user: null });
      // better-auth's own lookup (sign-out finds the session by the cookie's token) finds nothing to end either.
      const out = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        remoteAddress: clientAddress(),
        headers: { cookie: forged },
      });
      expect(out.statusCode).toBe(200);
    }
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await me(ctx, cookie)).statusCode).toBe(200);
  });

  it('slides through better-auth: the refreshed cookie carries the same token and keeps working', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const [before] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 24 * HOUR_MS });
    ctx.clock.set(new Date());
    const refreshed = await me(ctx, cookie);
    expect(refreshed.statusCode).toBe(200);
    const reissued = sessionCookie(refreshed.headers['set-cookie']);
    expect(tokenOf(reissued)).toBe(tokenOf(cookie));
    const [after] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after!.token).toBe(before!.token);
    expect(after!.expiresAt.getTime()).toBeGreaterThan(before!.expiresAt.getTime());
    expect((await me(ctx, reissued)).statusCode).toBe(200);
  });

  it('ends the session at sign-out, found by the hash of the cookie', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const other = sessionCookie((await signIn(ctx, user.email)).headers['set-cookie']);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      remoteAddress: clientAddress(),
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(ctx, cookie)).statusCode).toBe(401);
    const left = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((row) => row.token)).toEqual([hashSessionToken(tokenOf(other))]);
    expect((await me(ctx, other)).statusCode).toBe(200);
  });
});

describe('the e-mail tokens table', () => {
  const ctx = useTestApp();

  it('holds nothing that confirms an address or resets a password', async () => {
    const { email, response } = await register(ctx);
    const registering = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0]!)
      .join('; ');
    const verifyLink = (await latestMailTo(ctx, email))!.link!;
    const resetFor = await createUser(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: clientAddress(),
      payload: { email: resetFor.email },
    });
    const resetLink = await vi.waitFor(
      async () => {
        const mail = await latestMailTo(ctx, resetFor.email);
        if (!mail?.subject.includes('Reset your')) throw new Error('no reset mail yet');
        return mail.link!;
      },
      { timeout: 5000, interval: 20 },
    );
    const resetToken = new URL(resetLink).pathname.split('/').pop()!;
    const verifyToken = new URL(verifyLink).searchParams.get('token')!;

    const stored = await valuesOf(ctx, 'verifications');
    // The reset is a row; the confirmation link is a signed JWT and no row at all.
    expect((await ctx.database.db.select().from(verifications)).length).toBeGreaterThan(0);
    expect(stored.some((value) => value.includes(resetToken) || value.includes(verifyToken))).toBe(false);

    const password = 'Stolen-River-93';
    for (const value of stored) {
      const confirm = await ctx.app.inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=${encodeURIComponent(value)}&callbackURL=%2Fdashboard`,
        headers: { cookie: registering },
      });
      expect(confirm.headers['set-cookie']).toBeUndefined();
      const link = await ctx.app.inject({
        method: 'GET',
        url: `/api/auth/reset-password/${encodeURIComponent(value)}?callbackURL=%2Freset-password`,
      });
      // Refused (400 for a value that cannot be a token, else a redirect with an error), never sent on to the form.
      expect(String(link.headers.location ?? '')).not.toMatch(/[?&]token=/);
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: clientAddress(),
        payload: { token: value, password, confirmPassword: password },
      });
      expect(reset.statusCode).toBe(400);
    }
    const [unconfirmed] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(unconfirmed!.emailVerified).toBe(false);
    expect((await signIn(ctx, resetFor.email, password)).statusCode).toBe(401);

    // The links themselves still work.
    const confirmed = await ctx.app.inject({ method: 'GET', url: pathOf(verifyLink) });
    expect(confirmed.headers.location).toMatch(/^\/login\?verified=1(&|$)/);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: clientAddress(),
      payload: { token: resetToken, password, confirmPassword: password },
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe("the data folder's secrets", () => {
  const ctx = useTestApp();

  it('with the database, make no confirmation link and registration cookie that sign anyone in', async () => {
    const { user } = await createSignedInUser(ctx);
    const { email, response } = await register(ctx);
    const [unconfirmed] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    const proof = registeredBrowserCookie(response.headers['set-cookie']).split('=')[1]!;
    expect((await valuesOf(ctx, 'verifications')).some((value) => value.includes(proof))).toBe(false);
    const sessionsBefore = (await ctx.database.db.select().from(sessions)).length;
    // Everything AUTH_SECRET signs, made for a confirmed account and for one awaiting confirmation: the link's JWT,
    // and the registration cookie as it was once made (the user id and an expiry under an HMAC) or from the table.
    for (const target of [user, unconfirmed!]) {
      const link = await signJWT({ email: target.email, userId: target.id }, ctx.config.authSecret);
      const expires = Math.floor(Date.now() / 1000) + 600;
      const signature = createHmac('sha256', ctx.config.authSecret)
        .update(`registered-browser:${target.id}:${expires}`)
        .digest('base64url');
      const stored = await valuesOf(ctx, 'verifications');
      for (const value of [`${target.id}.${expires}.${signature}`, ...stored]) {
        const opened = await ctx.app.inject({
          method: 'GET',
          url: `/api/auth/verify-email?token=${link}&callbackURL=%2Fdashboard`,
          headers: { cookie: `daybook.registered_browser=${value}` },
        });
        expect(opened.headers.location).toMatch(/^\/login\?verified=1(&|$)/);
        expect(opened.headers['set-cookie']).toBeUndefined();
      }
    }
    expect((await ctx.database.db.select().from(sessions)).length).toBe(sessionsBefore);
  });
});

describe('upgrading a database whose sessions were stored plain', () => {
  const ctx = useTestApp();
  const migrationsFolder = path.join(import.meta.dirname, '../src/db/migrations');
  /** When migration 0014 (the hashing) was made: the migrator runs every migration newer than the last applied. */
  const HASHING_MIGRATION_MILLIS = 1795401400000;

  it('hashes the existing tokens in place with the same encoding, and their cookies keep working', async () => {
    const user = await createUser(ctx);
    // Sessions as the code before the migration wrote them: the token itself in the column.
    const plainTokens = [
      'aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI', // better-auth's shape: 32 of [A-Za-z0-9]
      randomBytes(24).toString('base64url'),
      randomBytes(48).toString('hex'),
    ];
    const expiresAt = new Date(Date.now() + 7 * 24 * HOUR_MS);
    await ctx.database.db
      .insert(sessions)
      .values(plainTokens.map((token) => ({ userId: user.id, token, expiresAt })));
    for (const token of plainTokens) expect((await me(ctx, signedCookie(ctx, token))).statusCode).toBe(401);

    // The upgrade path itself: the migrator, as at start-up, with the hashing migration not yet applied. The
    // migrator then runs every later migration again too, so those are written to be re-runnable
    // (`ADD COLUMN IF NOT EXISTS`), as a migration should be anyway.
    await ctx.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at >= ${HASHING_MIGRATION_MILLIS}`,
    );
    if (ctx.database.driver === 'pglite')
      await migratePglite(ctx.database.db as unknown as PgliteDatabase, { migrationsFolder });
    else await migrateNodePg(ctx.database.db as unknown as NodePgDatabase, { migrationsFolder });

    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.token).sort()).toEqual(plainTokens.map(hashSessionToken).sort());
    for (const token of plainTokens) {
      expect((await me(ctx, signedCookie(ctx, token))).statusCode).toBe(200);
      expect((await me(ctx, signedCookie(ctx, hashSessionToken(token)))).statusCode).toBe(401);
    }
    // And a session made after the upgrade works beside them.
    const fresh = sessionCookie((await signIn(ctx, user.email)).headers['set-cookie']);
    expect((await me(ctx, fresh)).statusCode).toBe(200);
  });
});
