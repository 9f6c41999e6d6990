import { type KdfParams, PRIVATE_MODE } from '../private-mode-constants.ts';
import { PRIVATE_MODE_MESSAGES } from '../private-mode-messages.ts';
import { type AccountKey, hkdf, PrivateKeyError } from './account-key.ts';
import { fromBase64, toBase64 } from './crypto.ts';

/**
 * Private mode's key layer (encryption version 2, ADR 089), written against WebCrypto alone so that the browser and
 * Node run the same code, as for version 1 (ADR 008). A random 256-bit account key is made in the browser; the
 * server stores it only wrapped, once under a key derived from the person's passphrase (Argon2id,
 * passphrase-key.ts) and once under their recovery key (recovery-key.ts). Each wrap is AES-256-GCM with a random
 * 12-byte IV, and its associated data names the slot and the account, so a wrap moved to the other slot or to
 * another account fails as a wrong key would. Everything the journal is encrypted with is derived from the account
 * key by HKDF-SHA256 under its own label, and so is the proof that lets the server tell that a request to change a
 * wrap comes from a browser holding the key, without learning the key.
 */

/** The two places the account key is wrapped. */
export type WrapSlot = 'passphrase' | 'recovery';

/** An AES-256-GCM key that wraps the account key; named without the DOM library, as `EntryKey` is. */
export type WrappingKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

const encoder = new TextEncoder();
const IV_BYTES = 12;

const LABELS = {
  wrap: 'daybook/account-key-wrap/v1',
  recovery: 'daybook/recovery-key/v1',
  proof: 'daybook/key-proof/v1',
} as const;

/** 32 random bytes from the platform's CSPRNG: a new account key, or a new recovery key. */
export function randomKeyBytes(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(PRIVATE_MODE.accountKeyBytes));
}

export function randomKdfSalt(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(PRIVATE_MODE.kdfSaltBytes)));
}

/** Refuses Argon2id parameters under OWASP's minimum: a server must not be able to make a passphrase cheap. */
export function assertKdfStrongEnough(params: KdfParams): void {
  const floor = PRIVATE_MODE.kdfFloor;
  if (
    !Number.isInteger(params.memoryKiB) ||
    !Number.isInteger(params.iterations) ||
    !Number.isInteger(params.parallelism) ||
    params.memoryKiB < floor.memoryKiB ||
    params.iterations < floor.iterations ||
    params.parallelism < floor.parallelism
  )
    throw new PrivateKeyError('KDF_TOO_WEAK', PRIVATE_MODE_MESSAGES.kdfTooWeak);
}

/** A wrapping key from 32 bytes of Argon2id output (the passphrase's slot). */
export function passphraseWrappingKey(argon2Output: Uint8Array<ArrayBuffer>): Promise<WrappingKey> {
  return crypto.subtle.importKey('raw', argon2Output, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
}

/** A wrapping key from the recovery key's 256 bits, under its own label (the recovery slot). */
export async function recoveryWrappingKey(recoveryKey: Uint8Array<ArrayBuffer>): Promise<WrappingKey> {
  const material = await crypto.subtle.importKey('raw', recoveryKey, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(hkdf(LABELS.recovery), material, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
}

const wrapAad = (slot: WrapSlot, userId: string) => encoder.encode(`${LABELS.wrap}|${slot}|${userId}`);

/** The account key sealed under a wrapping key, as base64 of IV ‖ ciphertext ‖ tag (60 bytes). */
export async function wrapAccountKey(
  raw: Uint8Array<ArrayBuffer>,
  wrappingKey: WrappingKey,
  slot: WrapSlot,
  userId: string,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: wrapAad(slot, userId) },
      wrappingKey,
      raw,
    ),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
}

/**
 * The raw account key back from its wrap. A wrong passphrase or recovery key, a wrap of another slot or account,
 * and a damaged wrap all fail GCM's check alike; the error says which secret to check.
 */
export async function unwrapAccountKey(
  wrapped: string,
  wrappingKey: WrappingKey,
  slot: WrapSlot,
  userId: string,
): Promise<Uint8Array<ArrayBuffer>> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64(wrapped);
  } catch {
    throw new PrivateKeyError('KEY_MATERIAL_DAMAGED', PRIVATE_MODE_MESSAGES.keyMaterialDamaged);
  }
  if (bytes.length !== PRIVATE_MODE.wrappedKeyBytes)
    throw new PrivateKeyError('KEY_MATERIAL_DAMAGED', PRIVATE_MODE_MESSAGES.keyMaterialDamaged);
  try {
    const raw = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: wrapAad(slot, userId) },
      wrappingKey,
      bytes.subarray(IV_BYTES),
    );
    return new Uint8Array(raw);
  } catch {
    throw slot === 'passphrase'
      ? new PrivateKeyError('PASSPHRASE_WRONG', PRIVATE_MODE_MESSAGES.passphraseWrong)
      : new PrivateKeyError('RECOVERY_KEY_WRONG', PRIVATE_MODE_MESSAGES.recoveryKeyWrong);
  }
}

/**
 * The proof of holding the account key, sent when a wrap is changed: HKDF under its own label, so it tells the
 * server nothing of the key or of anything derived from it. The server keeps only its SHA-256.
 */
export async function keyProof(accountKey: AccountKey): Promise<string> {
  const bits = await crypto.subtle.deriveBits(hkdf(LABELS.proof), accountKey, PRIVATE_MODE.keyProofBytes * 8);
  return toBase64(new Uint8Array(bits));
}
