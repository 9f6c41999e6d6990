import {
  deriveEntryKeyV2,
  deriveKeyPairWrapKeyV2,
  deriveMediaKeyV2,
  generateKeyPair,
  importAccountKey,
  newShareKey,
  openSealed,
  type SealedShareInput,
  type SentShareList,
  type ShareSealing,
  sealEntryTextV2,
  sealMediaInBrowser,
  sealMoodV2,
  sealShareCopy,
  sealToPublicKey,
  shareKeyContext,
  shareMediaKey,
  toBase64,
  type WebCryptoKey,
  wrapPrivateKey,
} from '@daybook/shared';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { premiumUser } from './sharing-support.ts';
import type { TestContext } from './support/app.ts';
import { clientAddress, createSignedInUser } from './support/factories.ts';
import { multipartFiles } from './support/media.ts';
import { setUpPrivateModeAsBrowser } from './support/private-mode-setup.ts';

/*
 * A private entry shared end to end (ADR 103), as the browsers do it, with the shared code the web runs: private
 * mode set up, a key pair made and its private half wrapped under the account key, the copy and its media sealed
 * under a fresh share key, the key wrapped to public keys. Only ciphertext crosses the real endpoints.
 */

const PASSPHRASE = 'the orchard gate swings both ways at night';

export type PrivatePerson = Awaited<ReturnType<typeof privatePerson>>;

/**
 * A key pair as the owner's browser makes it (ADR 102), through its endpoint: the public half and the private half
 * wrapped under private mode's account key, with the account key's proof.
 */
export async function giveKeyPair(
  ctx: TestContext,
  person: { cookie: string; user: { id: string } },
  keys: { accountKey: Uint8Array<ArrayBuffer>; keyProof: string },
) {
  const pair = await generateKeyPair();
  const wrapKey = await deriveKeyPairWrapKeyV2(await importAccountKey(keys.accountKey));
  const response = await callAs(ctx, person, {
    method: 'POST',
    url: '/api/me/key-pair',
    payload: {
      publicKey: pair.publicKey,
      wrappedPrivateKey: await wrapPrivateKey(wrapKey, pair.privateKey, 2, person.user.id),
      wrapKind: 2,
      keyProof: keys.keyProof,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return pair;
}

/** A signed-in person in private mode with a key pair; Premium unless `isFree`. */
export async function privatePerson(ctx: TestContext, options: { isFree?: boolean; email?: string } = {}) {
  const overrides = options.email ? { email: options.email } : {};
  const person = options.isFree
    ? await createSignedInUser(ctx, overrides)
    : await premiumUser(ctx, overrides);
  const keys = await setUpPrivateModeAsBrowser(ctx, person, PASSPHRASE);
  const accountKey = await importAccountKey(keys.accountKey);
  const pair = await giveKeyPair(ctx, person, keys);
  return {
    ...person,
    entryKey: await deriveEntryKeyV2(accountKey),
    mediaKey: await deriveMediaKeyV2(accountKey),
    pair,
  };
}

export const callAs = (ctx: TestContext, person: { cookie: string } | null, options: InjectOptions) =>
  ctx.app.inject({
    remoteAddress: clientAddress(),
    ...options,
    headers: { ...(person ? { cookie: person.cookie } : {}), ...options.headers },
  });

/** A private entry, with a photo sealed under the account's media key when `photo` is given. */
export async function writePrivateEntry(
  ctx: TestContext,
  person: PrivatePerson,
  text: string,
  mood: string,
  photo?: Buffer,
): Promise<{ id: string; mediaUrl: string | null }> {
  let mediaDraftId: string | undefined;
  if (photo) {
    const sealed = Buffer.from(
      await (await sealMediaInBrowser(new Uint8Array(photo), person.mediaKey)).arrayBuffer(),
    );
    const body = multipartFiles({ file: sealed });
    const uploaded = await callAs(ctx, person, {
      method: 'POST',
      url: '/api/media/sealed-drafts?mediaType=image&mimeType=image%2Fpng',
      headers: body.headers,
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    mediaDraftId = uploaded.json().id;
  }
  const userId = person.user.id;
  const { ciphertext, iv } = await sealEntryTextV2(person.entryKey, userId, text);
  const response = await callAs(ctx, person, {
    method: 'POST',
    url: '/api/entries',
    payload: {
      encryptedContent: ciphertext,
      encryptionIv: iv,
      encryptionVersion: 2,
      encryptedMood: await sealMoodV2(person.entryKey, userId, mood),
      ...(mediaDraftId ? { mediaDraftId } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().entry;
}

export type SealedRecipient = { email: string; sealing: ShareSealing };

/**
 * The sender's browser shares a private entry: asks for the recipients' public keys, seals a copy (and the photo)
 * per recipient under a fresh share key, wraps the key, creates the shares, then uploads each media container.
 * Answers the created shares with each share key, which only a test (or a private link's fragment) holds.
 */
export async function shareSealed(
  ctx: TestContext,
  sender: Pick<PrivatePerson, 'cookie' | 'pair'>,
  entryId: string,
  recipients: SealedRecipient[],
  copy: { text: string; moodTag: string | null },
  options: { photo?: Buffer; note?: string } = {},
) {
  const keysAnswer = await callAs(ctx, sender, {
    method: 'POST',
    url: `/api/entries/${entryId}/share-recipients`,
    payload: { recipients: recipients.map(({ email }) => ({ email })) },
  });
  expect(keysAnswer.statusCode, keysAnswer.body).toBe(200);
  const found = keysAnswer.json() as {
    senderPublicKey: string;
    recipients: { email: string; publicKey: string | null }[];
  };
  expect(found.senderPublicKey).toBe(sender.pair.publicKey);
  const shareKeys = new Map<string, Uint8Array<ArrayBuffer>>();
  const sealed: SealedShareInput[] = [];
  for (const recipient of recipients) {
    const shareId = crypto.randomUUID();
    const key = newShareKey();
    shareKeys.set(recipient.email, key);
    const publicKey = found.recipients.find((r) => r.email === recipient.email)?.publicKey ?? null;
    sealed.push({
      shareId,
      email: recipient.email,
      sealing: recipient.sealing,
      copy: await sealShareCopy(key, shareId, copy),
      keyForSender: await sealToPublicKey(found.senderPublicKey, key, shareKeyContext(shareId)),
      ...(recipient.sealing === 'account' && publicKey
        ? { keyForRecipient: await sealToPublicKey(publicKey, key, shareKeyContext(shareId)) }
        : {}),
      ...(recipient.sealing === 'server' ? { serverKey: toBase64(key) } : {}),
    });
  }
  const created = await callAs(ctx, sender, {
    method: 'POST',
    url: `/api/entries/${entryId}/shares`,
    payload: {
      recipients: recipients.map(({ email }) => ({ email })),
      includeMedia: Boolean(options.photo),
      consent: true,
      sealed,
      ...(options.note ? { note: options.note } : {}),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const shares = (created.json() as SentShareList).shares;
  if (options.photo) {
    for (const share of shares) {
      const key = shareKeys.get(share.recipientEmail)!;
      const container = await sealMediaInBrowser(new Uint8Array(options.photo), await shareMediaKey(key));
      const body = multipartFiles({ file: Buffer.from(await container.arrayBuffer()) });
      const put = await callAs(ctx, sender, {
        method: 'PUT',
        url: `/api/shares/${share.id}/sealed-media`,
        headers: body.headers,
        payload: body.payload,
      });
      expect(put.statusCode, put.body).toBe(204);
    }
  }
  return shares.map((share) => ({ ...share, key: shareKeys.get(share.recipientEmail)! }));
}

/** A wrapped share key opened by its holder's private key, as openForMe does in the browser. */
export const openShareKey = (
  pair: { publicKey: string; privateKey: WebCryptoKey },
  shareId: string,
  wrapped: string,
) => openSealed(pair.privateKey, pair.publicKey, wrapped, shareKeyContext(shareId));
