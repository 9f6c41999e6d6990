import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { sessions } from '../src/db/schema/index.ts';
import { type TestContext, testConfig, useTestApp } from './support/app.ts';
import { createUser, STRONG_PASSWORD, uniqueEmail } from './support/factories.ts';

const secrets = {
  ENCRYPTION_SECRET: 'e'.repeat(40),
  AUTH_SECRET: 'a'.repeat(40),
  DATA_DIR: '/tmp/daybook-config-test',
};

describe('TRUST_PROXY configuration', () => {
  it('takes addresses and CIDR ranges, and none by default or with false', () => {
    expect(loadConfig(secrets).trustProxy).toEqual([]);
    expect(loadConfig({ ...secrets, TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(loadConfig({ ...secrets, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses true, telling the operator to list the proxies, and anything that is no address', () => {
    expect(() => loadConfig({ ...secrets, TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...secrets, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: .*list the addresses or CIDR ranges of your proxies/,
    );
    for (const bad of ['proxy.local', '10.0.0.0/33', '10.0.0.1/x', '::1/129', '1.2.3.4/8/8']) {
      expect(() => loadConfig({ ...secrets, TRUST_PROXY: bad })).toThrow(/not an IP address or CIDR range/);
    }
  });
});

/** A sign-in from `remoteAddress` with an X-Forwarded-For header. */
const signInVia = (
  ctx: TestContext,
  remoteAddress: string,
  forwardedFor: string,
  email: string,
  password: string,
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email, password },
  });

describe('behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  const ctx = useTestApp({ TRUST_PROXY: '127.0.0.1' });

  it("believes the listed proxy's X-Forwarded-For, and no one else's, for the session's client address", async () => {
    const user = await createUser(ctx);
    const viaProxy = await signInVia(ctx, '127.0.0.1', '203.0.113.7', user.email, STRONG_PASSWORD);
    expect(viaProxy.statusCode).toBe(200);
    const direct = await signInVia(ctx, '198.51.100.9', '203.0.113.8', user.email, STRONG_PASSWORD);
    expect(direct.statusCode).toBe(200);
    const rows = await ctx.database.db
      .select({ ip: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.ip).sort()).toEqual(['198.51.100.9', '203.0.113.7']);
  });
});

describe('without TRUST_PROXY', () => {
  const ctx = useTestApp();

  it('a rotating X-Forwarded-For does not escape the per-client sign-in limit', async () => {
    expect(testConfig().trustProxy).toEqual([]);
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await signInVia(
        ctx,
        '192.0.2.44',
        `203.0.113.${i}`,
        uniqueEmail('rotate'),
        'Wrong-Pass-1',
      );
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, 30).every((code) => code === 401)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});
