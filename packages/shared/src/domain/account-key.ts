import { PRIVATE_MODE, PRIVATE_MODE_NOTICES } from '../private-mode-constants.ts';
import type { EntryKey } from './crypto.ts';

/**
 * The unlocked account key of private mode (ADR 089) and what the journal is encrypted with, derived from it by
 * HKDF-SHA256 under a label each: what every page that shows a private entry, letter or file needs. The wrapping,
 * unwrapping and proof of that key (private-keys.ts) are apart, so that they load only with the screens that set up,
 * unlock or change it, not with the dashboard (its first-load budget, ADR 076).
 */

/** Why a private-mode key could not be made or opened; `message` is for the person. */
export type PrivateKeyErrorCode =
  | 'PASSPHRASE_WRONG'
  | 'RECOVERY_KEY_WRONG'
  | 'RECOVERY_WORDS_INVALID'
  | 'KDF_TOO_WEAK'
  | 'KEY_MATERIAL_DAMAGED';

export class PrivateKeyError extends Error {
  override name = 'PrivateKeyError';
  constructor(
    readonly code: PrivateKeyErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The unlocked account key: only ever a non-extractable HKDF key in memory, from which every other key is derived. */
export type AccountKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

const encoder = new TextEncoder();

const LABELS = {
  entries: 'daybook/entries/v2',
  media: 'daybook/media/v2',
  futureMessages: 'daybook/future-messages/v2',
  importKeys: 'daybook/import-keys/v2',
  conversations: 'daybook/conversations/v2',
} as const;

/** HKDF-SHA256 with an empty salt and `info` as the label: how every key here is derived from its parent. */
export const hkdf = (info: string) => ({
  name: 'HKDF',
  hash: 'SHA-256',
  salt: new Uint8Array(0),
  info: encoder.encode(info),
});

/** The raw account key as a key WebCrypto can derive from and nothing else. */
export function importAccountKey(raw: Uint8Array<ArrayBuffer>): Promise<AccountKey> {
  if (raw.length !== PRIVATE_MODE.accountKeyBytes)
    throw new PrivateKeyError('KEY_MATERIAL_DAMAGED', PRIVATE_MODE_NOTICES.keyMaterialDamaged);
  return crypto.subtle.importKey('raw', raw, 'HKDF', false, ['deriveKey', 'deriveBits']);
}

/**
 * Version 2's entry key: AES-256-GCM, derived from the account key, used with the version-1 cipher functions
 * (`encryptText`, `decryptText`) so that one cipher serves both versions.
 */
export function deriveEntryKeyV2(accountKey: AccountKey): Promise<EntryKey> {
  return crypto.subtle.deriveKey(hkdf(LABELS.entries), accountKey, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
}

/**
 * Version 2's media key: the 32 bytes the media container derives each file's key from (ADR 081, header key kind
 * "user"), as the server's HMAC does in version 1.
 */
export async function deriveMediaKeyV2(accountKey: AccountKey): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.deriveBits(hkdf(LABELS.media), accountKey, 256));
}

/**
 * Version 2's key for letters to the future self (ADR 098): AES-256-GCM under its own HKDF label, so a letter's key
 * is not the entries' key and neither reveals the other; each letter's ciphertexts also carry associated data that
 * names the field and the account (private-future-messages.ts).
 */
export function deriveFutureMessageKeyV2(accountKey: AccountKey): Promise<EntryKey> {
  return crypto.subtle.deriveKey(
    hkdf(LABELS.futureMessages),
    accountKey,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** The HMAC key of deriveImportKeyV2. */
export type ImportNameKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

/**
 * The key a private account's imports name their entries' archive identities under (ADR 099): HMAC-SHA256 keyed
 * from the account key, so the server can tell a repeated import (the same keyed name) but cannot test a guess of a
 * Day One id or an entry's identity against the names it stores.
 */
export function deriveImportKeyV2(accountKey: AccountKey): Promise<ImportNameKey> {
  return crypto.subtle.deriveKey(
    hkdf(LABELS.importKeys),
    accountKey,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  );
}

/**
 * The key a private account's coach and future-self conversations are sealed under (ADR 104): AES-256-GCM under its
 * own HKDF label, so it is neither the entries' nor the letters' key; each ciphertext also names its field, the
 * conversation and the account as associated data (private-conversations.ts).
 */
export function deriveConversationKeyV2(accountKey: AccountKey): Promise<EntryKey> {
  return crypto.subtle.deriveKey(
    hkdf(LABELS.conversations),
    accountKey,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}
