import { describe, expect, it } from 'vitest';
import { createTwoFactorSecrets } from './two-factor-secrets.ts';

const USER = '6f1c1a52-8a7e-4c5b-9a43-4f3c2f8e0d11';
const OTHER = '0b5e2f86-3d3f-4bb4-8e0f-1f4b3d2a9c77';

describe('two-factor secrets at rest', () => {
  const secrets = createTwoFactorSecrets('a-server-secret-of-some-length-000000');
  const secret = Buffer.from('12345678901234567890');

  it('seal the TOTP secret so that it opens only for its user under the same server secret', () => {
    const sealed = secrets.seal(USER, secret);
    expect(sealed).not.toContain(secret.toString('base64url'));
    expect(sealed).not.toBe(secrets.seal(USER, secret));
    expect(secrets.open(USER, sealed)).toEqual(secret);
    expect(() => secrets.open(OTHER, sealed)).toThrow();
    expect(() =>
      createTwoFactorSecrets('another-server-secret-000000000000000').open(USER, sealed),
    ).toThrow();
    const [version, iv, body] = sealed.split('.');
    const flipped = `${version}.${iv}.${body!.slice(0, -2)}${body!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => secrets.open(USER, flipped)).toThrow();
  });

  it('key recovery codes per user and per server secret', () => {
    const hash = secrets.recoveryCodeHash(USER, 'abcdefghjk');
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secrets.recoveryCodeHash(USER, 'abcdefghjk')).toBe(hash);
    expect(secrets.recoveryCodeHash(OTHER, 'abcdefghjk')).not.toBe(hash);
    expect(
      createTwoFactorSecrets('another-server-secret-000000000000000').recoveryCodeHash(USER, 'abcdefghjk'),
    ).not.toBe(hash);
  });
});
