import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { deriveEntryKey, encryptText } from '@daybook/shared';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { plans, subscriptions, users } from '../../apps/server/src/db/schema/index.ts';

/**
 * The real app on a benchmark database, listening on a free loopback port, with limits out of the way.
 * `storePlainMedia` stores media as before ADR 081, the control beside which the upload bench measures sealing.
 */
export async function startBenchApp(
  database: Database,
  port = 0,
  options: { storePlainMedia?: boolean } = {},
) {
  const config = loadConfig({
    // A browser benchmark posts from this origin, which the API's origin check must trust.
    ...(port ? { APP_URL: `http://127.0.0.1:${port}` } : {}),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Generated secrets only: the database is the benchmark's own scratch one (lib/database.ts, ADR 052).
    DATA_DIR: '/tmp/daybook-bench-config',
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_SCALE: '1000000',
    JOBS: 'off',
  });
  const app = await buildApp({ config, database, storePlainMedia: options.storePlainMedia });
  await app.listen({ host: '127.0.0.1', port });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, config, origin };
}

/** The session cookie a sign-in answer sets. */
export function sessionCookieOf(setCookie: string | string[] | undefined): string {
  return String(
    ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('daybook.session_token=')),
  ).split(';')[0]!;
}

/** The password of every bench user. */
export const BENCH_PASSWORD = 'Bench-River-42';

/** A verified Premium user without a daily cap, signed in: the cookie, the salt of its key and a sealed entry body to post. */
export async function benchUser(app: Awaited<ReturnType<typeof startBenchApp>>['app'], database: Database) {
  // Unique even when several are made in the same millisecond (the share bench makes dozens).
  const email = `bench-${randomUUID()}@example.com`;
  const password = BENCH_PASSWORD;
  await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { fullName: 'Bench User', email, password, confirmPassword: password, acceptTerms: true },
  });
  const [user] = await database.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, email))
    .returning();
  await database.db
    .update(subscriptions)
    .set({ planId: 'premium' })
    .where(eq(subscriptions.userId, user!.id));
  await database.db.update(plans).set({ dailyEntryLimit: 1_000_000_000 }).where(eq(plans.id, 'premium'));
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  const cookie = sessionCookieOf(signIn.headers['set-cookie']);
  const salt = (await app.inject({ method: 'GET', url: '/api/encryption/salt', headers: { cookie } })).json()
    .salt;
  const sealed = await encryptText(
    await deriveEntryKey(user!.id, salt),
    'A slow walk by the river this evening. I left my phone at home and noticed the light on the water.',
  );
  return {
    userId: user!.id,
    cookie,
    salt: salt as string,
    body: JSON.stringify({ encryptedContent: sealed.ciphertext, encryptionIv: sealed.iv, moodTag: 'Calm' }),
  };
}
