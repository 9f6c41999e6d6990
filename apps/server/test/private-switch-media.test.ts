import {
  deriveEntryKeyV2,
  deriveMediaKeyV2,
  importAccountKey,
  mediaHeaderOf,
  openMediaInBrowser,
  PRIVATE_MEDIA_MESSAGES,
  PRIVATE_SWITCH_MESSAGES,
  sealEntryTextV2,
  sealMediaInBrowser,
  sealMoodV2,
} from '@daybook/shared';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/infra/storage/local.ts';
import { thumbnailPathOf } from '../src/infra/storage/storage.ts';
import { premiumUser } from './sharing-support.ts';
import { useTestApp } from './support/app.ts';
import { browserEncrypt, clientAddress } from './support/factories.ts';
import { multipartFiles } from './support/media.ts';
import { setUpPrivateModeAsBrowser } from './support/private-mode-setup.ts';

/*
 * Switching private mode off with files sealed in the browser (ADR 096; ADR 097, amended): each container is
 * fetched through its owner's link, opened with the account key as the browser does, and sent back as plaintext,
 * which the server seals under its own key in place. Finishing the switch off is refused while any file (or
 * thumbnail) is still under the account key, since the key goes when it finishes.
 */

const PASSPHRASE = 'herons wait as long as it takes';

const ctx = useTestApp();
type Person = Awaited<ReturnType<typeof premiumUser>>;

const call = (person: Person, options: InjectOptions) =>
  ctx.app.inject({
    remoteAddress: clientAddress(),
    ...options,
    headers: { cookie: person.cookie, ...options.headers },
  });

const driver = () => createLocalStorage({ root: (ctx.config.storage as { root: string }).root });

async function rawBytes(storagePath: string): Promise<Buffer> {
  const file = await driver().read(storagePath);
  if (!file) throw new Error(`nothing stored at ${storagePath}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function turnOn(person: Person) {
  const keys = await setUpPrivateModeAsBrowser(ctx, person, PASSPHRASE);
  return {
    keyProof: keys.keyProof,
    accountKey: keys.accountKey,
    mediaKey: await deriveMediaKeyV2(await importAccountKey(keys.accountKey)),
  };
}

const switchOff = (person: Person, keyProof: string, step = '') =>
  call(person, { method: 'POST', url: `/api/me/private-mode/switch-off${step}`, payload: { keyProof } });

/** What the browser does: the link's bytes, as served. */
async function fetchLink(person: Person, entryId: string, which: 'media-url' | 'thumbnail-url') {
  const asked = await call(person, { method: 'GET', url: `/api/entries/${entryId}/${which}` });
  expect(asked.statusCode, asked.body).toBe(200);
  const answer = asked.json<{ url: string; sealedByUser?: boolean; width?: number; height?: number }>();
  const url = new URL(answer.url);
  const served = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(served.statusCode).toBe(200);
  return { answer, bytes: served.rawPayload };
}

function sendUnsealed(person: Person, entryId: string, files: Record<string, Buffer>, query = '') {
  const body = multipartFiles(files);
  return call(person, {
    method: 'PUT',
    url: `/api/entries/${entryId}/media/unsealed${query}`,
    headers: body.headers,
    payload: body.payload,
  });
}

/** A photo attached in private mode, as the browser does it: sealed with its thumbnail, on a version-2 entry. */
async function privateEntryWithPhoto(
  person: Person,
  accountKey: Uint8Array<ArrayBuffer>,
  mediaKey: Uint8Array,
) {
  const photo = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#3a6ea5' },
  })
    .png()
    .toBuffer();
  const thumbnail = await sharp(photo).resize(320, 240).webp().toBuffer();
  const seal = async (bytes: Buffer) =>
    Buffer.from(await (await sealMediaInBrowser(new Uint8Array(bytes), mediaKey)).arrayBuffer());
  const upload = multipartFiles({ file: await seal(photo), thumbnail: await seal(thumbnail) });
  const draft = await call(person, {
    method: 'POST',
    url: '/api/media/sealed-drafts?mediaType=image&mimeType=image/png&width=400&height=300&thumbWidth=320&thumbHeight=240',
    headers: upload.headers,
    payload: upload.payload,
  });
  expect(draft.statusCode, draft.body).toBe(201);

  const entryKey = await deriveEntryKeyV2(await importAccountKey(accountKey));
  const words = await sealEntryTextV2(entryKey, person.user.id, 'the lake at dawn');
  const created = await call(person, {
    method: 'POST',
    url: '/api/entries',
    payload: {
      encryptedContent: words.ciphertext,
      encryptionIv: words.iv,
      encryptionVersion: 2,
      encryptedMood: await sealMoodV2(entryKey, person.user.id, null),
      mediaDraftId: draft.json().id,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const entry = created.json().entry as { id: string; mediaUrl: string };
  return { entry, photo, thumbnail };
}

describe('switching private mode off with media sealed in the browser', () => {
  it('turns a photo and its thumbnail back to the server’s key in place, and finishes only when none is left', async () => {
    const person = await premiumUser(ctx);
    const stranger = await premiumUser(ctx);
    const { keyProof, accountKey, mediaKey } = await turnOn(person);
    const { entry, photo, thumbnail } = await privateEntryWithPhoto(person, accountKey, mediaKey);
    expect(mediaHeaderOf(await rawBytes(entry.mediaUrl))?.keyKind).toBe('user');
    expect((await switchOff(person, keyProof)).statusCode).toBe(200);
    // The entries' step, as the switch's runner does it: the words back under the version-1 key.
    const turned = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/re-encrypt',
      payload: {
        entries: [
          {
            id: entry.id,
            ...(await browserEncrypt(ctx, person.cookie, person.user.id, 'the lake at dawn')),
            encryptionVersion: 1,
            moodTag: null,
          },
        ],
      },
    });
    expect(turned.json()).toMatchObject({ converted: [entry.id] });

    const held = await switchOff(person, keyProof, '/finish');
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({
      code: 'PRIVATE_ENTRIES_REMAIN',
      message: PRIVATE_SWITCH_MESSAGES.privateMediaRemain(2),
    });

    // The browser's part: the link serves the container as stored; the account key opens it.
    const media = await fetchLink(person, entry.id, 'media-url');
    expect(media.answer.sealedByUser).toBe(true);
    const opened = Buffer.from(
      await (await openMediaInBrowser(new Blob([media.bytes]), mediaKey)).arrayBuffer(),
    );
    expect(opened.equals(photo)).toBe(true);
    const thumb = await fetchLink(person, entry.id, 'thumbnail-url');
    const openedThumb = Buffer.from(
      await (await openMediaInBrowser(new Blob([thumb.bytes]), mediaKey)).arrayBuffer(),
    );

    // Not the owner's entry: not found. Another file (a different size): refused, nothing written.
    expect((await sendUnsealed(stranger, entry.id, { file: opened })).statusCode).toBe(404);
    const other = await sendUnsealed(person, entry.id, { file: Buffer.concat([opened, Buffer.from('x')]) });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ message: PRIVATE_MEDIA_MESSAGES.containerInvalid });
    expect(mediaHeaderOf(await rawBytes(entry.mediaUrl))?.keyKind).toBe('user');

    const sent = await sendUnsealed(
      person,
      entry.id,
      { file: opened, thumbnail: openedThumb },
      '?thumbWidth=320&thumbHeight=240',
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ unsealed: true });
    expect(mediaHeaderOf(await rawBytes(entry.mediaUrl))?.keyKind).toBe('server');
    expect(mediaHeaderOf(await rawBytes(thumbnailPathOf(entry.mediaUrl)))?.keyKind).toBe('server');
    const readable = await fetchLink(person, entry.id, 'media-url');
    expect(readable.answer.sealedByUser).toBeUndefined();
    expect(Buffer.from(readable.bytes).equals(photo)).toBe(true);
    const readableThumb = await fetchLink(person, entry.id, 'thumbnail-url');
    expect(Buffer.from(readableThumb.bytes).equals(thumbnail)).toBe(true);
    // Sent again (a resumed run): nothing to do, not an error.
    expect((await sendUnsealed(person, entry.id, { file: opened })).json()).toEqual({ unsealed: false });

    const finished = await switchOff(person, keyProof, '/finish');
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toMatchObject({ mode: 'standard' });
    expect(Buffer.from((await fetchLink(person, entry.id, 'media-url')).bytes).equals(photo)).toBe(true);
  });

  it('refuses a plaintext file unless the account is switching off', async () => {
    const person = await premiumUser(ctx);
    const { accountKey, mediaKey } = await turnOn(person);
    const { entry, photo } = await privateEntryWithPhoto(person, accountKey, mediaKey);
    const refused = await sendUnsealed(person, entry.id, { file: photo });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ENCRYPTION_VERSION_REFUSED',
      message: PRIVATE_SWITCH_MESSAGES.unsealNotSwitchingOff,
    });
    expect(mediaHeaderOf(await rawBytes(entry.mediaUrl))?.keyKind).toBe('user');
  });
});
