import { randomBytes } from 'node:crypto';
import { AUTH_TIMINGS } from '@daybook/shared';
import type { Clock } from '../../lib/clock.ts';

export const REGISTRATION_COOKIE = 'daybook.registered_browser';
/** Sent only with the verification link's request, nowhere else. */
const COOKIE_PATH = '/api/auth/verify-email';
const LIFETIME_SECONDS = AUTH_TIMINGS.verificationLinkMinutes * 60;
/** 256 random bits, base64url. */
const PROOF_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Where the proofs are kept: better-auth's verifications table, whose identifiers it stores as SHA-256 hashes
 * (`verification.storeIdentifier: 'hashed'`), so the table holds nothing a browser could present.
 */
export type RegistrationProofs = {
  save(identifier: string, userId: string, expiresAt: Date): Promise<void>;
  /** The user a live proof names, without using it up. */
  find(identifier: string): Promise<string | null>;
  /** Uses the proof up; false when another request used it first. */
  consume(identifier: string): Promise<boolean>;
};

/**
 * Marks the browser that registered an account: an HttpOnly cookie holding a random proof, stored only as a hash
 * beside the user it names. The verification link signs in only a browser that carries a live proof for that user,
 * so a link opened anywhere else confirms the address without signing anyone in (no login CSRF, ADR 014). The
 * proof is random rather than signed: a signature with AUTH_SECRET could be made by whoever holds the data folder's
 * secrets, and with a verification link (also signed with it) would sign them in to any account (ADR 055).
 */
export function createRegistrationBrowser(deps: {
  secure: boolean;
  clock: Clock;
  proofs: RegistrationProofs;
}) {
  const attributes = `Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${deps.secure ? '; Secure' : ''}`;
  const identifierOf = (proof: string) => `registered-browser:${proof}`;

  /** The proof the request's cookie carries, if it has the shape of one. */
  const proofIn = (cookieHeader: string | null): string | null => {
    const pair = cookieHeader
      ?.split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${REGISTRATION_COOKIE}=`));
    const proof = pair?.slice(REGISTRATION_COOKIE.length + 1) ?? '';
    return PROOF_PATTERN.test(proof) ? proof : null;
  };

  return {
    /** The Set-Cookie value binding this browser to `userId` for as long as the link is valid. */
    async issue(userId: string): Promise<string> {
      const proof = randomBytes(32).toString('base64url');
      const expiresAt = new Date(deps.clock.now().getTime() + LIFETIME_SECONDS * 1000);
      await deps.proofs.save(identifierOf(proof), userId, expiresAt);
      return `${REGISTRATION_COOKIE}=${proof}; Max-Age=${LIFETIME_SECONDS}; ${attributes}`;
    },

    /**
     * True, once, when the request's cookie carries a live proof for `userId`. A proof for another user is left
     * alone: that browser may still open its own link.
     */
    async claim(cookieHeader: string | null, userId: string): Promise<boolean> {
      const proof = proofIn(cookieHeader);
      if (!proof || (await deps.proofs.find(identifierOf(proof))) !== userId) return false;
      return deps.proofs.consume(identifierOf(proof));
    },

    clear: (): string => `${REGISTRATION_COOKIE}=; Max-Age=0; ${attributes}`,
  };
}
