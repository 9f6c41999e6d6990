import { type AccountKey, hkdf } from './account-key.ts';
import { type EntryKey, fromBase64, toBase64 } from './crypto.ts';

/**
 * Each account's key pair (ADR 102): an ECDH P-256 pair made in the browser through WebCrypto, so that someone else's
 * browser can seal a few bytes (a share's key, a thank-you note) that only this account's browser can open. The public
 * half is on the server; the private half is stored there only wrapped: under the account key in private mode, under
 * the standard (version-1) entry key otherwise, which the server can derive, as it can read everything else in that
 * mode.
 *
 * Sealing to a public key is ECIES as libsodium's sealed boxes and HPKE's base mode do it: a fresh ephemeral pair per
 * message, ECDH with the recipient's public key, HKDF-SHA256 over the shared secret salted with both public keys and
 * labelled with what the bytes are for (the context), then AES-256-GCM with that context as associated data. So a
 * sealed share key moved to another share, or a thank-you note moved to another share, fails like a wrong key.
 */

/** Why a key pair's bytes could not be used; `message` is for the person. */
export type KeyPairErrorCode = 'PUBLIC_KEY_INVALID' | 'SEALED_UNOPENABLE' | 'PRIVATE_KEY_UNOPENABLE';

export class KeyPairError extends Error {
  override name = 'KeyPairError';
  constructor(
    readonly code: KeyPairErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const KEY_PAIR_MESSAGES = {
  publicKeyInvalid: 'This account’s public key is damaged, so nothing can be sealed for it.',
  sealedUnopenable: 'This was sealed for another key, or it was changed on the way, so it cannot be opened.',
  privateKeyUnopenable:
    'Your key pair could not be opened with this key. Unlock your journal again, or reload the page.',
  notFound: 'This account has no key pair yet.',
  exists: 'This account already has a key pair; it is never replaced.',
  wrapRefused: (kind: KeyPairWrapKind) =>
    kind === 2
      ? 'The key pair can be locked under private mode’s key only while private mode is set up.'
      : 'The key pair must stay locked under private mode’s key while private mode is on.',
  mismatch: 'This is not this account’s key pair. Reload the page and try again.',
  switchOffKeyPairRemains:
    'Your key pair is still locked under private mode’s key. Run the switch again to unlock it first.',
} as const;

/** What a thank-you note is sealed for (ADR 102): its share, so a note moved to another share does not open. */
export const thankYouSealContext = (shareId: string) => `thank-you|${shareId}`;

/**
 * Sharing's messages of ADR 102, kept here, apart from SHARE_MESSAGES (constants.ts), so that the shell, which
 * carries those, does not carry these: only the thank-you and report dialogs and the server use them.
 */
export const SHARE_SEALING_MESSAGES = {
  /** Thank-you notes are sealed for the author alone; a report is not, since administrators must read it. */
  reportIsReadable:
    'A report is not encrypted: Daybook’s administrators read the reason and the details you write here, and see who shared this reflection.',
  /** A sealed note to an author whose key pair is gone (private mode started fresh meanwhile). */
  thankYouKeyGone: 'The author’s key changed meanwhile. Close this and send your thank-you again.',
} as const;

/** What the private half is wrapped under: the standard entry key (1) or private mode's account key (2). */
export type KeyPairWrapKind = 1 | 2;

const CURVE = { name: 'ECDH', namedCurve: 'P-256' } as const;
/** An uncompressed P-256 point: 0x04 ‖ x ‖ y. */
export const PUBLIC_KEY_BYTES = 65;
const IV_BYTES = 12;
const SEALED_VERSION = 1;
const encoder = new TextEncoder();

/** WebCrypto's key type, named without the DOM library (crypto.ts) so that the server compiles this file too. */
export type WebCryptoKey = EntryKey;
type WebCryptoKeyPair = { publicKey: WebCryptoKey; privateKey: WebCryptoKey };

export type KeyPair = {
  /** Base64 of the raw public point, what the server stores and hands to others. */
  publicKey: string;
  /** Extractable only so that it can be wrapped once, right after it is made. */
  privateKey: WebCryptoKey;
};

export async function generateKeyPair(): Promise<KeyPair> {
  const pair = (await crypto.subtle.generateKey(CURVE, true, ['deriveBits'])) as WebCryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { publicKey: toBase64(raw), privateKey: pair.privateKey };
}

/** The key private mode wraps the private half under: HKDF of the account key under a label of its own. */
export function deriveKeyPairWrapKeyV2(accountKey: AccountKey): Promise<EntryKey> {
  return crypto.subtle.deriveKey(
    hkdf('daybook/key-pair/v2'),
    accountKey,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

const wrapContext = (kind: KeyPairWrapKind, userId: string) =>
  encoder.encode(`daybook/key-pair-wrap/v1|${kind}|${userId}`);

async function sealWrap(
  wrappingKey: EntryKey,
  pkcs8: ArrayBuffer,
  kind: KeyPairWrapKind,
  userId: string,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: wrapContext(kind, userId) },
    wrappingKey,
    pkcs8,
  );
  return toBase64(concat(iv, new Uint8Array(sealed)));
}

/** The PKCS #8 bytes of a wrap, checked to be a P-256 private key; answers the key too, non-extractable. */
async function openWrap(
  wrappingKey: EntryKey,
  wrapped: string,
  kind: KeyPairWrapKind,
  userId: string,
): Promise<{ pkcs8: ArrayBuffer; privateKey: WebCryptoKey }> {
  try {
    const bytes = fromBase64(wrapped);
    const pkcs8 = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: wrapContext(kind, userId) },
      wrappingKey,
      bytes.subarray(IV_BYTES),
    );
    return { pkcs8, privateKey: await crypto.subtle.importKey('pkcs8', pkcs8, CURVE, false, ['deriveBits']) };
  } catch {
    throw new KeyPairError('PRIVATE_KEY_UNOPENABLE', KEY_PAIR_MESSAGES.privateKeyUnopenable);
  }
}

/**
 * Base64 of IV ‖ AES-256-GCM(PKCS #8 of the private key) ‖ tag, bound to its kind and account as associated data, so
 * a wrap moved to another account or mode fails like a wrong key.
 */
export async function wrapPrivateKey(
  wrappingKey: EntryKey,
  privateKey: WebCryptoKey,
  kind: KeyPairWrapKind,
  userId: string,
): Promise<string> {
  return sealWrap(wrappingKey, await crypto.subtle.exportKey('pkcs8', privateKey), kind, userId);
}

/** The private half, non-extractable from here on. */
export async function unwrapPrivateKey(
  wrappingKey: EntryKey,
  wrapped: string,
  kind: KeyPairWrapKind,
  userId: string,
): Promise<WebCryptoKey> {
  return (await openWrap(wrappingKey, wrapped, kind, userId)).privateKey;
}

/**
 * The same private half wrapped under the other kind (private mode switched on or off, ADR 102): its PKCS #8 bytes
 * pass from one wrap to the other, and no extractable key is made on the way. The pair stays the same, so whatever
 * was sealed to it keeps opening.
 */
export async function rewrapPrivateKey(
  wrapped: string,
  from: { key: EntryKey; kind: KeyPairWrapKind },
  to: { key: EntryKey; kind: KeyPairWrapKind },
  userId: string,
): Promise<string> {
  const { pkcs8 } = await openWrap(from.key, wrapped, from.kind, userId);
  return sealWrap(to.key, pkcs8, to.kind, userId);
}

async function importPublicKey(publicKey: Uint8Array<ArrayBuffer>): Promise<WebCryptoKey> {
  if (publicKey.length !== PUBLIC_KEY_BYTES || publicKey[0] !== 4)
    throw new KeyPairError('PUBLIC_KEY_INVALID', KEY_PAIR_MESSAGES.publicKeyInvalid);
  try {
    return await crypto.subtle.importKey('raw', publicKey, CURVE, false, []);
  } catch {
    throw new KeyPairError('PUBLIC_KEY_INVALID', KEY_PAIR_MESSAGES.publicKeyInvalid);
  }
}

/** Whether a base64 string is a P-256 public point WebCrypto accepts: what the server checks before storing one. */
export async function isValidPublicKey(publicKey: string): Promise<boolean> {
  try {
    await importPublicKey(fromBase64(publicKey));
    return true;
  } catch {
    return false;
  }
}

async function sealingKey(
  ownPrivate: WebCryptoKey,
  otherPublic: WebCryptoKey,
  ephemeralPublic: Uint8Array<ArrayBuffer>,
  recipientPublic: Uint8Array<ArrayBuffer>,
  context: string,
): Promise<EntryKey> {
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: otherPublic }, ownPrivate, 256);
  const material = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: concat(ephemeralPublic, recipientPublic),
      info: encoder.encode(`daybook/sealed/v1|${context}`),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/**
 * Seals bytes so that only the holder of `recipientPublicKey`'s private half can open them. `context` names what the
 * bytes are and where they belong (say `share-key|<share id>`): opening needs the same context. Base64 of
 * version ‖ ephemeral public point ‖ IV ‖ ciphertext ‖ tag.
 */
export async function sealToPublicKey(
  recipientPublicKey: string,
  plaintext: Uint8Array<ArrayBuffer>,
  context: string,
): Promise<string> {
  const recipientRaw = fromBase64(recipientPublicKey);
  const recipient = await importPublicKey(recipientRaw);
  const ephemeral = (await crypto.subtle.generateKey(CURVE, true, ['deriveBits'])) as WebCryptoKeyPair;
  const ephemeralRaw = new Uint8Array(await crypto.subtle.exportKey('raw', ephemeral.publicKey));
  const key = await sealingKey(ephemeral.privateKey, recipient, ephemeralRaw, recipientRaw, context);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
    key,
    plaintext,
  );
  return toBase64(concat(Uint8Array.of(SEALED_VERSION), ephemeralRaw, iv, new Uint8Array(ciphertext)));
}

/** Opens what sealToPublicKey sealed for this pair; throws KeyPairError when it was sealed for another key or context. */
export async function openSealed(
  privateKey: WebCryptoKey,
  ownPublicKey: string,
  sealed: string,
  context: string,
): Promise<Uint8Array<ArrayBuffer>> {
  try {
    const bytes = fromBase64(sealed);
    if (bytes[0] !== SEALED_VERSION) throw new Error('unknown version');
    const ephemeralRaw = bytes.slice(1, 1 + PUBLIC_KEY_BYTES);
    const iv = bytes.slice(1 + PUBLIC_KEY_BYTES, 1 + PUBLIC_KEY_BYTES + IV_BYTES);
    const ciphertext = bytes.slice(1 + PUBLIC_KEY_BYTES + IV_BYTES);
    const ephemeral = await importPublicKey(ephemeralRaw);
    const key = await sealingKey(privateKey, ephemeral, ephemeralRaw, fromBase64(ownPublicKey), context);
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
        key,
        ciphertext,
      ),
    );
  } catch {
    throw new KeyPairError('SEALED_UNOPENABLE', KEY_PAIR_MESSAGES.sealedUnopenable);
  }
}

/** Text through sealToPublicKey / openSealed (a thank-you note). */
export function sealTextToPublicKey(
  recipientPublicKey: string,
  text: string,
  context: string,
): Promise<string> {
  return sealToPublicKey(recipientPublicKey, encoder.encode(text), context);
}

export async function openSealedText(
  privateKey: WebCryptoKey,
  ownPublicKey: string,
  sealed: string,
  context: string,
): Promise<string> {
  return new TextDecoder().decode(await openSealed(privateKey, ownPublicKey, sealed, context));
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
