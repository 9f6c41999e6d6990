import { z } from 'zod';
import { hkdf } from './account-key.ts';
import { type EntryKey, fromBase64, toBase64 } from './crypto.ts';

/**
 * A private entry shared end to end (ADR 103): per share a fresh 32-byte share key, made in the sender's browser.
 * The copy of the entry (its text and mood) is sealed under a key derived from it with AES-256-GCM, bound to the
 * share as associated data, so a copy moved to another share fails like a wrong key; the copy's media is the media
 * container of ADR 081 (key kind 1) under a second key derived from it. The share key itself travels only wrapped:
 * to the recipient's and the sender's public keys (`sealToPublicKey`, context `share-key|<share id>`), or in a
 * private link's fragment, which browsers never send to a server.
 */

export const SHARE_KEY_BYTES = 32;
const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** What sealToPublicKey binds a wrapped share key to. */
export const shareKeyContext = (shareId: string) => `share-key|${shareId}`;

const copyAad = (shareId: string) => encoder.encode(`daybook/share-copy/v1|${shareId}`);

/** What the copy holds: the entry as the recipient reads it. */
export const ShareCopy = z.object({ text: z.string(), moodTag: z.string().nullable() });
export type ShareCopy = z.infer<typeof ShareCopy>;

/** Raised when a copy, a key or a fragment cannot be used; the viewer then says the share is not found. */
export class ShareSealError extends Error {
  override name = 'ShareSealError';
}

export function newShareKey(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(SHARE_KEY_BYTES));
}

async function copyKey(shareKey: Uint8Array<ArrayBuffer>): Promise<EntryKey> {
  if (shareKey.length !== SHARE_KEY_BYTES) throw new ShareSealError('a share key is 32 bytes');
  const base = await crypto.subtle.importKey('raw', shareKey, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    hkdf('daybook/share/copy/v1'),
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** The 32 bytes the copy's media container derives its file key from (ADR 081's `mediaKey`). */
export async function shareMediaKey(shareKey: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  if (shareKey.length !== SHARE_KEY_BYTES) throw new ShareSealError('a share key is 32 bytes');
  const base = await crypto.subtle.importKey('raw', shareKey, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits(hkdf('daybook/share/media/v1'), base, 256));
}

/** Base64 of IV ‖ AES-256-GCM(JSON of the copy) ‖ tag, bound to the share. */
export async function sealShareCopy(
  shareKey: Uint8Array<ArrayBuffer>,
  shareId: string,
  copy: ShareCopy,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: copyAad(shareId) },
      await copyKey(shareKey),
      encoder.encode(JSON.stringify(ShareCopy.parse(copy))),
    ),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
}

/** The copy back; throws ShareSealError for another key, another share or changed bytes. */
export async function openShareCopy(
  shareKey: Uint8Array<ArrayBuffer>,
  shareId: string,
  sealed: string,
): Promise<ShareCopy> {
  try {
    const bytes = fromBase64(sealed);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: copyAad(shareId) },
      await copyKey(shareKey),
      bytes.subarray(IV_BYTES),
    );
    return ShareCopy.parse(JSON.parse(decoder.decode(plain)));
  } catch {
    throw new ShareSealError('the shared copy does not open with this key');
  }
}

const toBase64Url = (bytes: Uint8Array) =>
  toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The fragment of a private link (`#k=<base64url key>`), which the browser keeps to itself. */
export const shareKeyFragment = (shareKey: Uint8Array) => `#k=${toBase64Url(shareKey)}`;

/** The share key from a location's hash, or null when there is none or it is not one. */
export function shareKeyFromFragment(hash: string): Uint8Array<ArrayBuffer> | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('k');
  if (!value || !/^[A-Za-z0-9_-]{43}$/.test(value)) return null;
  try {
    const bytes = fromBase64(value.replace(/-/g, '+').replace(/_/g, '/').concat('='));
    return bytes.length === SHARE_KEY_BYTES ? bytes : null;
  } catch {
    return null;
  }
}

/** What sharing a private entry says (ADR 103); the spec's share messages stay as they are. */
export const SEALED_SHARE_MESSAGES = {
  unsealed: 'A private entry is shared sealed in your browser. Reload the page and share it again.',
  noKeyPair: 'Your browser is still making your sharing keys. Try again in a moment.',
  signInToRead:
    'This reflection was shared with a Daybook account. Sign in as the person it was shared with to read it.',
  awaitingKey:
    'The key to this reflection reaches you from the sender’s browser the next time they open Daybook. Check back later.',
  locked: 'Unlock your journal to read what was shared with you privately.',
  choiceLegend:
    'No Daybook account can open it with its own key at this address yet. How should it reach them?',
  linkChoice: 'Copy private link',
  linkHint:
    'The key is in the link itself and never reaches our server. You send the link however you like; anyone with it can read this reflection.',
  emailChoice: 'E-mail it',
  emailHint:
    'Daybook e-mails them a link as it does for any share. To do that, our server keeps a copy of this one reflection it can read, until the share ends.',
  emailConsent: 'I understand that the server will read this reflection to send it',
  emailConsentRequired: 'Tick the box to let the server read this reflection, or choose a private link.',
  linksReady: 'Copy each private link and send it yourself. It is shown only now.',
} as const;
