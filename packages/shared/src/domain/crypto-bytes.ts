import { ENCRYPTION } from '../constants.ts';
import type { EntryKey } from './crypto.ts';

/**
 * Bytes sealed as they are, not as base64: the offline copy of an attachment (ADR 093) is megabytes, which
 * IndexedDB stores as binary, so a third more in text would only cost space. The entry cipher's format otherwise
 * (crypto.ts: AES-GCM 256, a fresh 12-byte IV). A module of its own so that only the code that keeps media, which
 * loads on demand, carries it.
 */
export type SealedBytes = { ciphertext: ArrayBuffer; iv: Uint8Array<ArrayBuffer> };

export async function encryptBytes(key: EntryKey, plain: Uint8Array<ArrayBuffer>): Promise<SealedBytes> {
  const iv = crypto.getRandomValues(new Uint8Array(ENCRYPTION.ivBytes));
  return { ciphertext: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain), iv };
}

/** Throws when the bytes were tampered with or sealed under another key (GCM authenticates). */
export async function decryptBytes(key: EntryKey, sealed: SealedBytes): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.ciphertext),
  );
}
