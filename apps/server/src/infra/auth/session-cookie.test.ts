import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSessionToken } from './session-cookie.ts';

const sign = (token: string, secret: string) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

describe('readSessionToken', () => {
  it('returns the token of a correctly signed cookie', () => {
    const header = `theme=dark; daybook.session_token=${sign('abc123', 's3cret')}; other=1`;
    expect(readSessionToken(header, 's3cret')).toBe('abc123');
  });
  it('refuses a wrong signature, another secret, or no cookie', () => {
    expect(readSessionToken(`daybook.session_token=${sign('abc123', 'other')}`, 's3cret')).toBeNull();
    expect(readSessionToken('daybook.session_token=abc123.AAAA', 's3cret')).toBeNull();
    expect(readSessionToken('daybook.session_token=%E0%A4%A', 's3cret')).toBeNull();
    expect(readSessionToken('theme=dark', 's3cret')).toBeNull();
    expect(readSessionToken(null, 's3cret')).toBeNull();
  });
});
