import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Two-step sign-in's secrets at rest (ADR 075), kept the way entry keys are (entry-keys.ts): a key per user derived
 * from ENCRYPTION_SECRET by HMAC-SHA256 and never stored, so a copy of the database alone reads nothing.
 * - The TOTP secret is sealed with AES-256-GCM under that user's key, the user id bound in as associated data.
 * - Recovery codes are kept as HMAC-SHA256 under a key derived the same way: a copy of the table cannot be
 *   searched for codes without the secret, and a code matches only for its own user.
 * Each use has its own derivation label, so these keys are never the entry keys.
 */
export function createTwoFactorSecrets(encryptionSecret: string) {
  const derive = (label: string, userId: string) =>
    createHmac('sha256', encryptionSecret).update(`daybook/${label}/${VERSION}:${userId}`).digest();

  return {
    seal(userId: string, secret: Uint8Array): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', derive('two-factor-secret', userId), iv);
      cipher.setAAD(Buffer.from(userId));
      const sealed = Buffer.concat([cipher.update(secret), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
    },

    /** Throws when the value was tampered with, sealed for another user, or under another ENCRYPTION_SECRET. */
    open(userId: string, sealed: string): Buffer {
      const [version, iv, body] = sealed.split('.');
      if (version !== VERSION || !iv || !body) throw new Error('unknown sealed two-factor secret');
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv(
        'aes-256-gcm',
        derive('two-factor-secret', userId),
        Buffer.from(iv, 'base64url'),
      );
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]);
    },

    /** What is stored for a recovery code (normalised: `normalizeRecoveryCode`). */
    recoveryCodeHash: (userId: string, code: string): string =>
      createHmac('sha256', derive('two-factor-recovery', userId)).update(code).digest('base64url'),
  };
}

export type TwoFactorSecrets = ReturnType<typeof createTwoFactorSecrets>;
