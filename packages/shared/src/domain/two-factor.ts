import { TWO_FACTOR } from '../two-factor-constants.ts';

/*
 * The pure parts of two-step sign-in (RFC 6238, ADR 075) that both sides need: the secret's base32 spelling, the
 * otpauth:// address an authenticator app reads from the QR code, and the shape of recovery codes. The codes
 * themselves are computed and checked on the server only (HMAC-SHA1 in node:crypto).
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how authenticator apps expect a secret. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 secret; spaces, hyphens and case are ignored. Null when it holds another character. */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/[\s-]/g, '').replace(/=+$/, '').toUpperCase();
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value === -1) return null;
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** A secret in groups of four, for typing it into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** What the QR code holds (Google Authenticator's key-uri format, understood by every authenticator app). */
export function otpauthUri(input: { account: string; secret: string; issuer?: string }): string {
  const issuer = input.issuer ?? TWO_FACTOR.issuer;
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(input.account)}`;
  const query = new URLSearchParams({
    secret: input.secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TWO_FACTOR.digits),
    period: String(TWO_FACTOR.periodSeconds),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** The letters and digits of recovery codes: lower case, without 0/o, 1/l/i, which are easily misread. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 10;

/** A recovery code as typed (any case, spaces or a hyphen) in the form it is stored under, or null. */
export function normalizeRecoveryCode(input: string): string | null {
  const clean = input.replace(/[\s-]/g, '').toLowerCase();
  if (clean.length !== RECOVERY_CODE_LENGTH) return null;
  for (const char of clean) if (!RECOVERY_CODE_ALPHABET.includes(char)) return null;
  return clean;
}

/** `abcde-fghjk`: how a recovery code is shown. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code from random bytes (one byte per character; the alphabet's 31 letters, bias below 1%). */
export function recoveryCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < RECOVERY_CODE_LENGTH) throw new Error('need 10 random bytes');
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++)
    code += RECOVERY_CODE_ALPHABET[bytes[i]! % RECOVERY_CODE_ALPHABET.length];
  return formatRecoveryCode(code);
}

/** A 6-digit code as typed (spaces allowed: "123 456"), or null. */
export function normalizeTotpCode(input: string): string | null {
  const clean = input.replace(/\s/g, '');
  return new RegExp(`^\\d{${TWO_FACTOR.digits}}$`).test(clean) ? clean : null;
}

/** The text file of recovery codes the profile offers to download. */
export function recoveryCodesText(codes: readonly string[], account: string, createdAt: Date): string {
  return [
    `${TWO_FACTOR.issuer} recovery codes for ${account}`,
    `Created ${createdAt.toISOString().slice(0, 10)}. Each code signs you in once, in place of a code from your authenticator app.`,
    'Keep them somewhere safe, apart from your password.',
    '',
    ...codes,
    '',
  ].join('\n');
}
