import { describe, expect, it } from 'vitest';
import { matchTotp, totpCode, totpStep } from './totp.ts';

// RFC 6238 appendix B, the SHA-1 rows: secret "12345678901234567890", 8 digits.
const SECRET = Buffer.from('12345678901234567890');

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s the 8-digit code is %s, and the 6-digit code its last six', (seconds, code) => {
    const step = totpStep(new Date(seconds * 1000));
    expect(totpCode(SECRET, step, 8)).toBe(code);
    expect(totpCode(SECRET, step)).toBe(code.slice(2));
  });

  it('accepts the step before and after, and no further', () => {
    const at = new Date(1_234_567_890_000);
    const step = totpStep(at);
    expect(matchTotp(SECRET, totpCode(SECRET, step), at)).toBe(step);
    expect(matchTotp(SECRET, totpCode(SECRET, step - 1), at)).toBe(step - 1);
    expect(matchTotp(SECRET, totpCode(SECRET, step + 1), at)).toBe(step + 1);
    expect(matchTotp(SECRET, totpCode(SECRET, step - 2), at)).toBeNull();
    expect(matchTotp(SECRET, totpCode(SECRET, step + 2), at)).toBeNull();
  });

  it('refuses a code of another length or another secret', () => {
    const at = new Date(1_234_567_890_000);
    const code = totpCode(SECRET, totpStep(at));
    expect(matchTotp(SECRET, code.slice(1), at)).toBeNull();
    expect(matchTotp(SECRET, `${code}0`, at)).toBeNull();
    expect(matchTotp(Buffer.from('another secret, 20 b'), code, at)).toBeNull();
  });
});
