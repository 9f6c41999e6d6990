import { ENCRYPTION } from '../constants.ts';

/**
 * Entry encryption, version 1 (docs/product/encryption.md#encryption-browser), written once against WebCrypto so that the browser and the server
 * (Node's globalThis.crypto) run the very same code: AES-GCM 256 with a key from PBKDF2-SHA256
 * (100,000 iterations) over the user id and the server-provided salt; a fresh 12-byte IV per encryption.
 * Ciphertext and IV travel as base64.
 */

/** WebCrypto's key type, named without the DOM library so that the server compiles this file too. */
export type EntryKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function deriveEntryKey(
  userId: string,
  saltBase64: string,
  extractable = false,
): Promise<EntryKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(userId), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: fromBase64(saltBase64),
      iterations: ENCRYPTION.pbkdf2Iterations,
    },
    material,
    { name: 'AES-GCM', length: 256 },
    extractable,
    ['encrypt', 'decrypt'],
  );
}

export type Sealed = { ciphertext: string; iv: string };

export async function encryptText(key: EntryKey, plaintext: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(ENCRYPTION.ivBytes));
  const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(plaintext));
  return { ciphertext: toBase64(new Uint8Array(ciphertext)), iv: toBase64(iv) };
}

/** Throws when the ciphertext was tampered with or sealed under another key (GCM authenticates). */
export async function decryptText(key: EntryKey, sealed: Sealed): Promise<string> {
  const plaintext = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
    key,
    fromBase64(sealed.ciphertext),
  );
  return decoder.decode(plaintext);
}

export async function exportKey(key: EntryKey): Promise<string> {
  return toBase64(new Uint8Array(await crypto.subtle.exportKey('raw', key)));
}

export async function importKey(raw: string): Promise<EntryKey> {
  return crypto.subtle.importKey('raw', fromBase64(raw), { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
}
