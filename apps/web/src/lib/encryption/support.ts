import { ENTRY_MESSAGES } from '@daybook/shared';

/** Why entries cannot be encrypted or read here, if they cannot. */
export type EncryptionSupport =
  | { isAvailable: true }
  | { isAvailable: false; reason: 'insecure-context' | 'no-web-crypto'; message: string };

export const NO_WEB_CRYPTO_MESSAGE =
  'This browser does not offer the Web Crypto API that Daybook encrypts entries with. Use a current version of Firefox, Chrome, Safari or Edge.';

/**
 * WebCrypto exists only in a secure context (HTTPS, or localhost): a self-hosted Daybook opened at
 * http://192.168.x.x has no `crypto.subtle`. Entries are then neither written nor read, and the page
 * says why and how to fix it (docs/design.md#design-encryption).
 */
export function encryptionSupport(): EncryptionSupport {
  if (typeof window !== 'undefined' && window.isSecureContext === false) {
    return { isAvailable: false, reason: 'insecure-context', message: ENTRY_MESSAGES.insecureContext };
  }
  if (typeof globalThis.crypto?.subtle?.importKey !== 'function') {
    return { isAvailable: false, reason: 'no-web-crypto', message: NO_WEB_CRYPTO_MESSAGE };
  }
  return { isAvailable: true };
}

/** An encryption failure whose message can be shown as it is. */
export class EncryptionError extends Error {
  override readonly name = 'EncryptionError';
}

export function assertEncryptionAvailable(): void {
  const support = encryptionSupport();
  if (!support.isAvailable) throw new EncryptionError(support.message);
}
