import {
  api,
  type Entry,
  newShareKey,
  openEntryTextV2,
  openMediaInBrowser,
  openMoodV2,
  SEALED_SHARE_MESSAGES,
  type SealedShareInput,
  type ShareCopy,
  type ShareRecipientKeys,
  sealMediaInBrowser,
  sealShareCopy,
  sealToPublicKey,
  shareKeyContext,
  shareKeyFragment,
  shareMediaKey,
  toBase64,
} from '@daybook/shared';
import { callApi, uploadToApi } from '../../../../lib/api-client.ts';
import { privateEntryKey } from '../../../../lib/encryption/private-entry-key.ts';
import { privateMediaKey } from '../../../../lib/encryption/private-media-key.ts';

/*
 * Sharing a private entry end to end (ADR 103), in the sender's browser and loaded only when a private entry is
 * shared: the entry opened with this session's key, a copy per recipient sealed under a fresh share key (its media
 * re-sealed under the share's media key), the key wrapped to the recipient's public key and to the sender's own.
 * Only ciphertext is sent; a private link's key stays in its fragment, which this browser alone ever holds.
 */

/** How a recipient without an account gets the share: a private link, or an e-mail the server can read. */
export type NoAccountChoice = 'link' | 'server';

/** The recipients' public keys (and the sender's), for the share being made; makes the sender's pair if missing. */
export async function lookUpRecipients(entryId: string, userId: string, emails: string[]) {
  const ask = () =>
    callApi(api.sharing.recipientKeys, {
      params: { id: entryId },
      body: { recipients: emails.map((email) => ({ email })) },
    });
  let found = await ask();
  if (!found.senderPublicKey) {
    const { ensureKeyPair } = await import('../../../../lib/key-pair/key-pair.ts');
    await ensureKeyPair({ id: userId });
    found = await ask();
  }
  if (!found.senderPublicKey) throw new Error(SEALED_SHARE_MESSAGES.noKeyPair);
  return found;
}

/** The entry as its author reads it, opened with this session's private key. */
async function openOwnEntry(entryId: string, userId: string): Promise<{ copy: ShareCopy; entry: Entry }> {
  const entry = await callApi(api.entries.get, { params: { id: entryId } });
  const key = await privateEntryKey(userId);
  if (!key || !entry.encryptionIv || !entry.encryptedMood) throw new Error(SEALED_SHARE_MESSAGES.locked);
  const [text, moodTag] = await Promise.all([
    entry.encryptedContent
      ? openEntryTextV2(key, userId, { ciphertext: entry.encryptedContent, iv: entry.encryptionIv })
      : '',
    openMoodV2(key, userId, entry.encryptedMood),
  ]);
  return { copy: { text, moodTag }, entry };
}

/** The entry's own attachment as plaintext, opened here (it is stored under the account's media key). */
async function openOwnMedia(entryId: string, userId: string): Promise<Blob> {
  const link = await callApi(api.media.url, { params: { id: entryId } });
  const response = await fetch(link.url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`the attachment could not be downloaded (${response.status})`);
  const stored = await response.blob();
  if (!link.sealedByUser) return stored;
  const mediaKey = await privateMediaKey(userId);
  if (!mediaKey) throw new Error(SEALED_SHARE_MESSAGES.locked);
  return openMediaInBrowser(stored, mediaKey);
}

export type SealedShareRequest = {
  entryId: string;
  userId: string;
  keys: ShareRecipientKeys;
  /** For each recipient without a public key: a private link or "E-mail it". */
  choices: Record<string, NoAccountChoice>;
  includeMedia: boolean;
  note?: string | undefined;
};

/**
 * Makes the shares: one sealed copy per recipient, created in one call (the spec's rules and limits are the
 * server's, as for any share), then each copy's media container. Answers the private links, fragment included.
 */
export async function createSealedShares(request: SealedShareRequest) {
  const { entryId, userId, keys, includeMedia } = request;
  const { copy, entry } = await openOwnEntry(entryId, userId);
  const hasMedia = includeMedia && Boolean(entry.mediaUrl) && entry.contentType !== 'text';
  const plainMedia = hasMedia ? await openOwnMedia(entryId, userId) : null;
  const shareKeys = new Map<string, Uint8Array<ArrayBuffer>>();
  const sealed: SealedShareInput[] = [];
  for (const { email, publicKey } of keys.recipients) {
    const shareId = crypto.randomUUID();
    const key = newShareKey();
    shareKeys.set(email, key);
    const context = shareKeyContext(shareId);
    const sealing = publicKey ? 'account' : (request.choices[email] ?? 'link');
    sealed.push({
      shareId,
      email,
      sealing,
      copy: await sealShareCopy(key, shareId, copy),
      keyForSender: await sealToPublicKey(keys.senderPublicKey ?? '', key, context),
      ...(publicKey ? { keyForRecipient: await sealToPublicKey(publicKey, key, context) } : {}),
      ...(sealing === 'server' ? { serverKey: toBase64(key) } : {}),
    });
  }
  const created = await callApi(api.sharing.create, {
    params: { id: entryId },
    body: {
      recipients: keys.recipients.map(({ email }) => ({ email })),
      includeMedia: hasMedia,
      consent: true,
      sealed,
      ...(request.note ? { note: request.note } : {}),
    },
  });
  const links: { email: string; url: string }[] = [];
  for (const share of created.shares) {
    const key = shareKeys.get(share.recipientEmail);
    if (!key) continue;
    if (plainMedia) {
      const form = new FormData();
      form.append('file', await sealMediaInBrowser(plainMedia, await shareMediaKey(key)), 'sealed.bin');
      await uploadToApi(api.sharing.sealedMedia, { params: { id: share.id }, body: form });
    }
    if (share.link) links.push({ email: share.recipientEmail, url: `${share.link}${shareKeyFragment(key)}` });
  }
  return { shares: created.shares, links };
}
