import { createHmac } from 'node:crypto';
import { getCookies } from 'better-auth/cookies';
import { describe, expect, it } from 'vitest';
import { COOKIE_PREFIX, readSessionToken, sessionCookie } from './session-cookie.ts';

const sign = (token: string, secret: string) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

const NAME = 'daybook.session_token';

describe('readSessionToken', () => {
  it('returns the token of a correctly signed cookie', () => {
    const header = `theme=dark; ${NAME}=${sign('abc123', 's3cret')}; other=1`;
    expect(readSessionToken(header, 's3cret', NAME)).toBe('abc123');
  });
  it('refuses a wrong signature, another secret, or no cookie', () => {
    expect(readSessionToken(`${NAME}=${sign('abc123', 'other')}`, 's3cret', NAME)).toBeNull();
    expect(readSessionToken(`${NAME}=abc123.AAAA`, 's3cret', NAME)).toBeNull();
    expect(readSessionToken(`${NAME}=%E0%A4%A`, 's3cret', NAME)).toBeNull();
    expect(readSessionToken('theme=dark', 's3cret', NAME)).toBeNull();
    expect(readSessionToken(null, 's3cret', NAME)).toBeNull();
  });
  it('reads only the cookie of the given name', () => {
    const secureName = `__Secure-${NAME}`;
    expect(readSessionToken(`${NAME}=${sign('abc123', 's3cret')}`, 's3cret', secureName)).toBeNull();
    expect(readSessionToken(`${secureName}=${sign('abc123', 's3cret')}`, 's3cret', secureName)).toBe(
      'abc123',
    );
    // A longer name ending in ours, or ours inside another cookie's value, is not ours.
    const signed = sign('abc123', 's3cret');
    expect(readSessionToken(`${secureName}=${signed}`, 's3cret', NAME)).toBeNull();
    expect(readSessionToken(`x${NAME}=${signed}`, 's3cret', NAME)).toBeNull();
    expect(readSessionToken(`note=a${NAME}=${signed}`, 's3cret', NAME)).toBeNull();
    expect(readSessionToken(`${secureName}=x;${NAME}=${signed}`, 's3cret', NAME)).toBe('abc123');
    expect(readSessionToken(`a=1;   ${NAME}=${signed} ;b=2`, 's3cret', NAME)).toBe('abc123');
  });
});

describe('sessionCookie', () => {
  it('is Secure and __Secure- named exactly when APP_URL is https', () => {
    expect(sessionCookie({ isHttps: true })).toEqual({ name: `__Secure-${NAME}`, secure: true });
    expect(sessionCookie({ isHttps: false })).toEqual({ name: NAME, secure: false });
  });

  it.each([true, false])('names the cookie as better-auth writes it (https: %s)', (isHttps) => {
    const ours = sessionCookie({ isHttps });
    // The options createAuth passes; NODE_ENV plays no part in either name.
    const theirs = getCookies({
      baseURL: isHttps ? 'https://journal.example' : 'http://localhost:3000',
      advanced: { cookiePrefix: COOKIE_PREFIX, useSecureCookies: ours.secure },
    }).sessionToken;
    expect(theirs.name).toBe(ours.name);
    expect(theirs.attributes.secure).toBe(ours.secure);
  });
});
