import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app.ts';
import { clientAddress, createUser, signIn } from './support/factories.ts';

/** The session cookie's `name=value` from a sign-in answer, and the whole Set-Cookie line. */
function sessionCookieOf(setCookie: string | string[] | undefined, name: string) {
  const raw = ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith(`${name}=`));
  if (!raw) throw new Error(`no ${name} in ${JSON.stringify(setCookie)}`);
  return { raw, cookie: raw.split(';')[0]! };
}

/** Signs a new verified user in and proves the cookie it gets is read back: /api/me answers 200. */
async function signInAndReadBack(ctx: ReturnType<typeof useTestApp>, cookieName: string) {
  const user = await createUser(ctx);
  const response = await signIn(ctx, user.email, user.password);
  expect(response.statusCode).toBe(200);
  const { raw, cookie } = sessionCookieOf(response.headers['set-cookie'], cookieName);
  const me = await ctx.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { cookie },
    remoteAddress: clientAddress(),
  });
  expect(me.statusCode).toBe(200);
  expect(me.json().email).toBe(user.email);
  return raw;
}

describe('production with an https APP_URL', () => {
  const ctx = useTestApp({ NODE_ENV: 'production', APP_URL: 'https://journal.example' });

  it('writes a Secure __Secure- session cookie and reads it back', async () => {
    const raw = await signInAndReadBack(ctx, '__Secure-daybook.session_token');
    expect(raw).toMatch(/;\s*Secure/i);
    expect(raw).toMatch(/HttpOnly/i);
  });

  it('sends HSTS', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('production with a plain-http APP_URL (a LAN install)', () => {
  const ctx = useTestApp({ NODE_ENV: 'production', APP_URL: 'http://192.168.1.20:3000' });

  it('writes a plain session cookie (a Secure one would never come back over http) and reads it back', async () => {
    const raw = await signInAndReadBack(ctx, 'daybook.session_token');
    expect(raw).not.toMatch(/Secure/i);
  });

  it('sends no HSTS', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('development with an https APP_URL', () => {
  const ctx = useTestApp({ NODE_ENV: 'development', APP_URL: 'https://localhost:3443' });

  it('follows APP_URL, not NODE_ENV: Secure cookie read back, HSTS sent', async () => {
    const raw = await signInAndReadBack(ctx, '__Secure-daybook.session_token');
    expect(raw).toMatch(/;\s*Secure/i);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeDefined();
  });
});
