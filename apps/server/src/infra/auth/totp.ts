import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TWO_FACTOR } from '@daybook/shared';

/*
 * RFC 6238 time-based one-time passwords as authenticator apps make them: HMAC-SHA1 over the 30-second step
 * counter, dynamically truncated (RFC 4226) to 6 digits. Our own ~40 lines rather than better-auth's two-factor
 * plugin (ADR 075).
 */

const STEP_MS = TWO_FACTOR.periodSeconds * 1000;

/** A new secret: 160 random bits, the length RFC 4226 recommends for HMAC-SHA1. */
export const newTotpSecret = (): Buffer => randomBytes(TWO_FACTOR.secretBytes);

/** The 30-second step a moment falls in (RFC 6238's T, with T0 = 0). */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / STEP_MS);

/** The code of one step (RFC 4226 HOTP with the step as its counter). */
export function totpCode(secret: Uint8Array, step: number, digits: number = TWO_FACTOR.digits): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * The step whose code this is, looking one step either side of `at` (clocks drift), or null. Every candidate is
 * compared in constant time, so the answer's timing tells nothing of which step matched.
 */
export function matchTotp(secret: Uint8Array, code: string, at: Date): number | null {
  const now = totpStep(at);
  const given = Buffer.from(code.padEnd(TWO_FACTOR.digits, ' ').slice(0, TWO_FACTOR.digits));
  let matched: number | null = null;
  for (let step = now - TWO_FACTOR.driftSteps; step <= now + TWO_FACTOR.driftSteps; step++) {
    const isSame = timingSafeEqual(Buffer.from(totpCode(secret, step)), given);
    if (isSame && matched === null) matched = step;
  }
  return code.length === TWO_FACTOR.digits ? matched : null;
}
