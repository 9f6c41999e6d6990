import { describe, expect, it } from 'vitest';
import { TwoFactorCodeInput } from '../schemas/two-factor.ts';
import {
  base32Decode,
  base32Encode,
  groupSecret,
  normalizeRecoveryCode,
  normalizeTotpCode,
  otpauthUri,
  RECOVERY_CODE_ALPHABET,
  recoveryCodeFrom,
  recoveryCodesText,
} from './two-factor.ts';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('base32 (RFC 4648 test vectors, without padding)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j ⇄ %s', (plain, encoded) => {
    expect(base32Encode(ascii(plain))).toBe(encoded);
    expect(new TextDecoder().decode(base32Decode(encoded)!)).toBe(plain);
  });

  it('reads a secret as people type it, and refuses other characters', () => {
    const secret = base32Encode(ascii('12345678901234567890'));
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(groupSecret(secret).toLowerCase())).toEqual(ascii('12345678901234567890'));
    expect(base32Decode('GEZD1')).toBeNull();
  });

  it('groups a secret in fours', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});

describe('otpauthUri', () => {
  it('names the issuer and the account, and says how codes are made', () => {
    const text = otpauthUri({ account: 'ana+j@example.com', secret: 'JBSWY3DPEHPK3PXP' });
    expect(text.startsWith('otpauth://totp/Daybook:ana%2Bj%40example.com?')).toBe(true);
    const uri = new URL(text);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Daybook',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('recovery codes', () => {
  it('are made of the unambiguous alphabet, shown as two groups of five', () => {
    const code = recoveryCodeFrom(Uint8Array.from({ length: 10 }, (_, i) => i * 37));
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    for (const char of code.replace('-', '')) expect(RECOVERY_CODE_ALPHABET).toContain(char);
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[01ilo]/);
  });

  it('are read whatever the case, spaces or hyphen', () => {
    expect(normalizeRecoveryCode(' ABCDE-fghjk ')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode('abcde fghjk')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode('abcde-fghj')).toBeNull();
    expect(normalizeRecoveryCode('abcde-fghj0')).toBeNull();
  });

  it('download as a text file naming the account', () => {
    const text = recoveryCodesText(['abcde-fghjk'], 'ana@example.com', new Date('2026-11-29T10:00:00Z'));
    expect(text).toContain('Daybook recovery codes for ana@example.com');
    expect(text).toContain('Created 2026-11-29.');
    expect(text.split('\n')).toContain('abcde-fghjk');
  });
});

describe('codes as typed', () => {
  it('accept six digits, spaces allowed', () => {
    expect(normalizeTotpCode('123 456')).toBe('123456');
    expect(normalizeTotpCode('12345')).toBeNull();
    expect(normalizeTotpCode('12345a')).toBeNull();
  });

  it('take exactly one of a code and a recovery code, with clear messages', () => {
    expect(TwoFactorCodeInput.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(TwoFactorCodeInput.parse({ recoveryCode: 'ABCDE-FGHJK' })).toEqual({ recoveryCode: 'abcdefghjk' });
    const both = TwoFactorCodeInput.safeParse({ code: '123456', recoveryCode: 'abcde-fghjk' });
    expect(both.error?.issues[0]?.message).toBe(
      'Enter a code from your authenticator app or a recovery code',
    );
    const wrongShape = TwoFactorCodeInput.safeParse({ code: '12' });
    expect(wrongShape.error?.issues[0]?.message).toBe('A code is 6 digits, like 123 456');
  });
});
