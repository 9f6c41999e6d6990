import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  type ArchiveJsonFiles,
  decryptText,
  deriveEntryKeyV2,
  deriveFutureMessageKeyV2,
  deriveImportKeyV2,
  deriveMediaKeyV2,
  importAccountKey,
  isUserSealedMedia,
  mediaHeaderOf,
  openEntryTextV2,
  openMediaInBrowser,
  openMoodV2,
  openShareCopy,
  type PrivateImportTransport,
  previewPrivateImport,
  runPrivateImport,
  SealedExportPage,
  sealEntryTextV2,
  sealFutureMessageFieldV2,
  sealMediaInBrowser,
  sealMoodV2,
} from '@daybook/shared';
import type { InjectOptions } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiMessages, emailOutbox, entries } from '../src/db/schema/index.ts';
import { createEntryKeys } from '../src/infra/crypto/entry-keys.ts';
import { createMediaKeys } from '../src/infra/crypto/media-cipher.ts';
import { FUTURE_MESSAGE_NOTICE } from '../src/infra/mail/templates.ts';
import { createMailTransport, type MailTransport } from '../src/infra/mail/transport.ts';
import { createLocalStorage } from '../src/infra/storage/local.ts';
import { createS3Storage } from '../src/infra/storage/s3.ts';
import type { StorageDriver } from '../src/infra/storage/storage.ts';
import { giveKeyPair, openShareKey, privatePerson, shareSealed } from './sealed-share-support.ts';
import { premiumUser } from './sharing-support.ts';
import { jobOf, type TestContext, useTestApp } from './support/app.ts';
import { clientAddress, createMediaEntry } from './support/factories.ts';
import { expectOpensNothing, jpegWithGps, multipartFiles, webmAudio, webmVideo } from './support/media.ts';
import { type OpenAiServer, startOpenAiServer } from './support/openai-server.ts';
import { listeningUrl, useAiPrivately } from './support/private-ai-use.ts';
import { setUpPrivateModeAsBrowser } from './support/private-mode-setup.ts';
import { startSmtpServer } from './support/smtp.ts';

/*
 * The server's view of a whole private journal (ADRs 089, 094–099): a private-mode account writes entries with
 * moods, a photo, a voice note and a video, schedules a letter to the future and has it delivered over SMTP,
 * exports and imports, all sealed in "the browser" by the shared code the web runs and sent
 * through the real endpoints. Then the test plays the operator, holding ENCRYPTION_SECRET and everything the
 * server keeps: every table, every stored file (local disk and S3 alike), every outbox row, every e-mail sent and
 * every log line at trace level. It finds none of the phrases or moods and opens none of the media, the copies the
 * journal shared end to end included (ADR 103). A standard
 * (version-1) account's media is sealed at rest too (ADR 081), while its text opens with the secret: the
 * documented difference between the modes, asserted so that the contrast is proven.
 */

const MINUTE = 60_000;
const PASSPHRASE = 'kestrels hang still above the motorway';

/** What the private account writes, each phrase once, each in its own place. */
const PRIVATE = {
  textOnly: 'the-saffron-lighthouse-keeps-4417',
  photo: 'vermilion-kite-over-the-quarry-2290',
  voice: 'my-grandmother-hums-in-c-minor-6613',
  video: 'the-tram-conductor-waves-twice-8052',
  letterSubject: 'for-the-winter-of-marrowbone-3318',
  letterBody: 'did-you-forgive-the-cartographer-9174',
};
/** What its AI use carries (ADR 104): sent to the provider with consent, kept by the server nowhere after the answer. */
const AI_USE = {
  entry: 'the-quince-orchard-at-first-frost-6718',
  letterSubject: PRIVATE.letterSubject,
  letterBody: PRIVATE.letterBody,
  draft: 'a-draft-about-the-glassblower-of-murano-2047',
  enhanced: 'an-expanded-draft-about-the-glassblower-5803',
  reflection: 'a-reflection-on-the-quince-orchard-3141',
  coachQuestion: 'how-do-i-tell-the-beekeeper-no-4462',
  coachReply: 'tell-the-beekeeper-kindly-and-early-9027',
  futureQuestion: 'did-we-ever-sail-to-lofoten-7739',
  futureReply: 'we-sailed-to-lofoten-in-the-spring-1358',
};
/** Moods of the spec's list (the browser seals no other), long enough that no ciphertext holds one by chance. */
const MOODS = ['Celebrating', 'Productive', 'Grateful', 'Peaceful'];
/** A small Day One export (ADR 070), imported in the browser through the private batch endpoints. */
const DAY_ONE = {
  first: 'Lanterns on the Kamogawa at dusk',
  second: 'The ferry to Miyajima smelled of cedar',
  place: 'Pontocho-alley',
};
const STANDARD = {
  photo: 'standard-account-photo-of-the-pier-5120',
  voice: 'standard-account-voice-note-3877',
  video: 'standard-account-video-of-the-gulls-4409',
};

const s3Directory = mkdtempSync(path.join(os.tmpdir(), 'daybook-s3rver-operators-view-'));
const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: s3Directory,
  configureBuckets: [{ name: 'daybook', configs: [] }],
});
let endpoint = '';
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let transport: MailTransport;
let ai: OpenAiServer;
/** The fake AI provider, speaking the real protocol: where a private account's AI use sends its words. */
const aiConfig = () => ({ AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'sk-test-key', AI_MODEL: 'test-model' });
beforeAll(async () => {
  ai = await startOpenAiServer();
  endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
  smtp = await startSmtpServer();
  transport = createMailTransport({
    mail: {
      from: 'Daybook <no-reply@daybook.test>',
      smtpUrl: smtp.url,
      mailDir: '',
      contactEmail: undefined,
    },
  });
});
afterAll(async () => {
  transport.close();
  await ai.close();
  await smtp.close();
  await s3.close();
  rmSync(s3Directory, { recursive: true, force: true });
});

type Store = { name: string; ctx: TestContext; lines: string[]; driver: () => StorageDriver };
const stores: Store[] = [];
const tracing = (lines: string[]) => ({ logStream: { write: (line: string) => lines.push(line) } });
{
  const lines: string[] = [];
  const ctx = useTestApp(
    () => ({ RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'trace', ...aiConfig() }),
    tracing(lines),
  );
  stores.push({
    name: 'local disk',
    ctx,
    lines,
    driver: () => createLocalStorage({ root: (ctx.config.storage as { root: string }).root }),
  });
}
{
  const lines: string[] = [];
  const ctx = useTestApp(
    () => ({
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'trace',
      S3_BUCKET: 'daybook',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...aiConfig(),
    }),
    tracing(lines),
  );
  stores.push({
    name: 'S3',
    ctx,
    lines,
    driver: () =>
      createS3Storage({
        endpoint,
        region: 'us-east-1',
        bucket: 'daybook',
        forcePathStyle: true,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
  });
}

type Person = Awaited<ReturnType<typeof premiumUser>>;

const sealFile = async (bytes: Buffer, mediaKey: Uint8Array) =>
  Buffer.from(await (await sealMediaInBrowser(new Uint8Array(bytes), mediaKey)).arrayBuffer());

async function rawBytes(driver: StorageDriver, storagePath: string): Promise<Buffer> {
  const file = await driver.read(storagePath);
  if (!file) throw new Error(`nothing stored at ${storagePath}`);
  return buffer(file.stream);
}

/** Every stored file's path, as the bucket's or the folder's owner lists them. */
async function everyStoredFile(driver: StorageDriver): Promise<string[]> {
  const found: string[] = [];
  for await (const page of driver.list()) for (const file of page) found.push(file.path);
  return found;
}

/** A table dump's value as text: binary columns as their bytes, so a phrase stored in one would show. */
const asText = (_key: string, value: unknown) => {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('latin1');
  if (
    value &&
    typeof value === 'object' &&
    (value as { type?: unknown }).type === 'Buffer' &&
    Array.isArray((value as { data?: unknown }).data)
  )
    return Buffer.from((value as { data: number[] }).data).toString('latin1');
  return value;
};

function dayOneExport(): ArchiveJsonFiles {
  const journal = {
    metadata: { version: '1.0' },
    entries: [
      {
        uuid: 'DD000000000000000000000000000001',
        creationDate: '2023-04-01T10:00:00Z',
        timeZone: 'Asia/Tokyo',
        text: DAY_ONE.first,
        location: { placeName: DAY_ONE.place, localityName: 'Kyoto', country: 'Japan' },
      },
      {
        uuid: 'DD000000000000000000000000000002',
        creationDate: '2023-04-02T09:00:00Z',
        timeZone: 'Asia/Tokyo',
        text: DAY_ONE.second,
      },
    ],
  };
  const files = new Map([['Export - Day One 2024-01-01/Journal.json', JSON.stringify(journal)]]);
  return {
    names: new Set(files.keys()),
    sizeOf: (file) => Buffer.byteLength(files.get(file) ?? ''),
    text: async (file) => String(files.get(file) ?? ''),
  };
}

describe.each(stores)("the operator's view on $name", ({ ctx, lines, driver }) => {
  const call = (person: Person, options: InjectOptions) =>
    ctx.app.inject({
      remoteAddress: clientAddress(),
      ...options,
      headers: { cookie: person.cookie, ...options.headers },
    });

  /** Everything the operator holds besides the files: every table, every outbox row, every mail, every log line. */
  async function operatorsText() {
    const tables = await ctx.database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    let dump = '';
    for (const { table_name } of tables)
      dump += JSON.stringify(await ctx.database.query(`select * from "${table_name}"`), asText);
    const outbox = JSON.stringify(await ctx.database.db.select().from(emailOutbox));
    const mail = smtp.received
      .map((received) => [received.subject, received.text, String(received.html), received.headers])
      .map((parts) => JSON.stringify(parts))
      .join('\n');
    return { dump, outbox, mail, logs: lines.join('\n') };
  }

  it('a private journal: entries with moods, media, shares sealed end to end, a letter delivered, an export and an import, and the operator finds nothing', async () => {
    const person = await premiumUser(ctx);
    const userId = person.user.id;
    const keys = await setUpPrivateModeAsBrowser(ctx, person, PASSPHRASE);
    const accountKey = await importAccountKey(keys.accountKey);
    const entryKey = await deriveEntryKeyV2(accountKey);
    const mediaKey = await deriveMediaKeyV2(accountKey);

    async function save(text: string, mood: string, mediaDraftId?: string) {
      const { ciphertext, iv } = await sealEntryTextV2(entryKey, userId, text);
      const response = await call(person, {
        method: 'POST',
        url: '/api/entries',
        payload: {
          encryptedContent: ciphertext,
          encryptionIv: iv,
          encryptionVersion: 2,
          encryptedMood: await sealMoodV2(entryKey, userId, mood),
          ...(mediaDraftId ? { mediaDraftId } : {}),
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().entry as { id: string; mediaUrl: string | null };
    }

    // The browser seals each file and its thumbnail under the account key, then uploads the containers.
    const photo = await jpegWithGps();
    const thumbnail = await sharp(photo).rotate().resize(32, 64).webp().toBuffer();
    const media = [
      {
        text: PRIVATE.photo,
        mood: MOODS[1]!,
        plain: photo,
        thumb: thumbnail,
        query: {
          mediaType: 'image',
          mimeType: 'image/jpeg',
          width: 32,
          height: 64,
          thumbWidth: 32,
          thumbHeight: 64,
        },
      },
      {
        text: PRIVATE.voice,
        mood: MOODS[2]!,
        plain: webmAudio(2),
        thumb: null,
        query: { mediaType: 'audio', mimeType: 'audio/webm', durationSeconds: 2 },
      },
      {
        text: PRIVATE.video,
        mood: MOODS[3]!,
        plain: webmVideo(1),
        thumb: thumbnail,
        query: {
          mediaType: 'video',
          mimeType: 'video/webm',
          durationSeconds: 1,
          thumbWidth: 32,
          thumbHeight: 64,
        },
      },
    ];
    await save(PRIVATE.textOnly, MOODS[0]!);
    const withMedia: Array<{ id: string; mediaUrl: string; container: Buffer; plain: Buffer }> = [];
    for (const item of media) {
      const container = await sealFile(item.plain, mediaKey);
      const body = multipartFiles({
        file: container,
        ...(item.thumb ? { thumbnail: await sealFile(item.thumb, mediaKey) } : {}),
      });
      const uploaded = await call(person, {
        method: 'POST',
        url: `/api/media/sealed-drafts?${new URLSearchParams(Object.entries(item.query).map(([k, v]): [string, string] => [k, String(v)]))}`,
        headers: body.headers,
        payload: body.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const entry = await save(item.text, item.mood, uploaded.json().id);
      expect(entry.mediaUrl).toBeTruthy();
      withMedia.push({ id: entry.id, mediaUrl: entry.mediaUrl!, container, plain: item.plain });
    }

    // A letter to the future, the e-mail copy not ticked, delivered by the job and the outbox over SMTP.
    const letterKey = await deriveFutureMessageKeyV2(accountKey);
    const [subject, message] = await Promise.all([
      sealFutureMessageFieldV2(letterKey, userId, 'subject', PRIVATE.letterSubject),
      sealFutureMessageFieldV2(letterKey, userId, 'message', PRIVATE.letterBody),
    ]);
    const letter = await call(person, {
      method: 'POST',
      url: '/api/future-messages',
      payload: {
        subject: { encryptedContent: subject.ciphertext, encryptionIv: subject.iv },
        message: { encryptedContent: message.ciphertext, encryptionIv: message.iv },
        sendAt: new Date(ctx.clock.now().getTime() + 10 * MINUTE).toISOString(),
        deliveryChannel: 'both',
        encryptionVersion: 2,
      },
    });
    expect(letter.statusCode, letter.body).toBe(201);
    ctx.clock.advance(10 * MINUTE);
    await jobOf(ctx, 'deliver-future-messages', { mail: transport }).run();
    // The outbox row waits with the whole e-mail in it: what the operator sees before SMTP takes it.
    const waiting = JSON.stringify(await ctx.database.db.select().from(emailOutbox));
    await jobOf(ctx, 'deliver-outbox-mail', { mail: transport }).run();
    const notice = smtp.received.filter(
      (mail) => mail.to && 'text' in mail.to && mail.to.text === person.user.email,
    );
    expect(notice.map((mail) => mail.subject)).toContain(FUTURE_MESSAGE_NOTICE.subject);
    expect(
      (await call(person, { method: 'GET', url: `/api/future-messages/${letter.json().id}` })).json(),
    ).toMatchObject({ status: 'sent', encryptionVersion: 2 });

    // The import: a Day One export read, sealed and uploaded in batches by the browser.
    const importTransport: PrivateImportTransport = {
      async known(check) {
        const response = await call(person, {
          method: 'POST',
          url: '/api/import/private/known',
          payload: check,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json();
      },
      async createBatch(source) {
        const response = await call(person, {
          method: 'POST',
          url: '/api/import/private/batches',
          payload: { source },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json();
      },
      async upload(batchId, sealed) {
        const response = await call(person, {
          method: 'POST',
          url: `/api/import/private/batches/${batchId}/entries`,
          payload: { entries: sealed },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json();
      },
    };
    const preview = await previewPrivateImport({
      files: dayOneExport(),
      fallbackZone: 'UTC',
      nameKey: await deriveImportKeyV2(accountKey),
      transport: importTransport,
      now: new Date(),
    });
    expect(preview).toMatchObject({ source: 'dayone', archiveEntries: 2, newEntries: 2 });
    const report = await runPrivateImport({ preview, userId, entryKey, transport: importTransport });
    expect(report.imported).toBe(2);

    // The export: the sealed pages the browser opens, and each file through the owner's signed link.
    const exported: string[] = [];
    const exportedMoods: Array<string | null> = [];
    let after = '';
    for (;;) {
      const response = await call(person, { method: 'GET', url: `/api/export/sealed${after}` });
      expect(response.statusCode, response.body).toBe(200);
      const page = SealedExportPage.parse(response.json());
      for (const entry of page.entries) {
        exported.push(
          await openEntryTextV2(entryKey, userId, {
            ciphertext: entry.encryptedContent!,
            iv: entry.encryptionIv!,
          }),
        );
        exportedMoods.push(await openMoodV2(entryKey, userId, entry.encryptedMood!));
      }
      if (page.isLast || page.entries.length === 0) break;
      const last = page.entries.at(-1)!;
      after = `?afterCursor=${encodeURIComponent(last.cursor)}&afterId=${last.id}`;
    }
    expect(exported).toHaveLength(6);
    for (const phrase of [PRIVATE.textOnly, PRIVATE.photo, PRIVATE.voice, PRIVATE.video])
      expect(exported).toContain(phrase);
    expect(exported.some((text) => text.startsWith(DAY_ONE.first))).toBe(true);
    expect(exportedMoods).toEqual(expect.arrayContaining(MOODS));
    for (const file of withMedia) {
      const signed = await call(person, { method: 'GET', url: `/api/entries/${file.id}/media-url` });
      expect(signed.statusCode, signed.body).toBe(200);
      const url = new URL(signed.json().url);
      const served = new Uint8Array(
        (await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).rawPayload,
      );
      expect(isUserSealedMedia(served)).toBe(true);
      const opened = Buffer.from(await (await openMediaInBrowser(served, mediaKey)).arrayBuffer());
      expect(opened.equals(file.plain), 'the browser opens what it sealed').toBe(true);
    }

    // AI by consent (ADR 104): every feature used over what the browser decrypted, each chat turn sealed there.
    await useAiPrivately({
      call: (options) => call(person, options),
      chat: async (kind, body) => {
        const response = await fetch(`${await listeningUrl(ctx.app)}/api/ai/${kind}/messages`, {
          method: 'POST',
          headers: { cookie: person.cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.text() };
      },
      ai,
      userId,
      accountKey,
      phrases: AI_USE,
      now: ctx.clock.now(),
    });

    // Sharing (ADR 103): the photo entry shared with another private-mode account, its photo included, and the
    // text-only entry by private link with someone without an account. The recipient's browser opens its share.
    const pair = await giveKeyPair(ctx, person, keys);
    const sender = { ...person, pair };
    const recipient = await privatePerson(ctx, { isFree: true });
    const photoEntry = withMedia[0]!;
    const [toRecipient] = await shareSealed(
      ctx,
      sender,
      photoEntry.id,
      [{ email: recipient.user.email, sealing: 'account' }],
      { text: PRIVATE.photo, moodTag: MOODS[1]! },
      { photo: photoEntry.plain },
    );
    const textOnly = (await ctx.database.db.select().from(entries)).find(
      (row) => row.userId === userId && row.mediaUrl === null && row.importBatchId === null,
    )!;
    await shareSealed(ctx, sender, textOnly.id, [{ email: 'no-account-yet@example.com', sealing: 'link' }], {
      text: PRIVATE.textOnly,
      moodTag: MOODS[0]!,
    });
    const view = await call(recipient, { method: 'GET', url: `/api/shares/${toRecipient!.id}/view` });
    const sealedView = view.json().sealed as { wrappedKey: string; copy: string };
    const shareKey = await openShareKey(recipient.pair, toRecipient!.id, sealedView.wrappedKey);
    expect((await openShareCopy(shareKey, toRecipient!.id, sealedView.copy)).text).toBe(PRIVATE.photo);

    // The operator, with ENCRYPTION_SECRET and all of the above in hand.
    const held = await operatorsText();
    expect(held.dump).toContain(person.user.email);
    // The logs were captured at their most verbose, the journal's requests included.
    for (const route of [
      '/api/entries',
      '/api/media/sealed-drafts',
      '/api/future-messages',
      '/api/export/sealed',
      '/api/ai/coach/messages',
      '/api/ai/future-self/conversations/',
    ])
      expect(held.logs, route).toContain(route);
    expect(held.mail).toContain(FUTURE_MESSAGE_NOTICE.subject);
    const secrets = [
      ...Object.values(PRIVATE),
      ...Object.values(DAY_ONE),
      ...Object.values(AI_USE),
      ...MOODS,
      // Parts of the phrases, in case one were stored cut or tokenised.
      'saffron',
      'vermilion',
      'grandmother',
      'conductor',
      'marrowbone',
      'cartographer',
      'Kamogawa',
      'Miyajima',
      'DD000000000000000000000000000001',
      keys.accountKeyBase64,
      keys.recoveryWords,
    ];
    for (const [where, text] of Object.entries({ ...held, waitingOutbox: waiting }))
      for (const secret of secrets) expect(text.includes(secret), `${where} holds ${secret}`).toBe(false);

    // The two chat turns are kept, sealed in the browser: version 2, which no key of the server opens (ADR 104).
    const turns = (await ctx.database.db.select().from(aiMessages)).filter((row) => row.userId === userId);
    expect(turns.map((row) => row.encryptionVersion)).toEqual([2, 2, 2, 2]);

    // The server's entry key, from ENCRYPTION_SECRET, opens none of the entries.
    const serverKey = await createEntryKeys(ctx.config.encryptionSecret).keyFor(userId);
    const rows = await ctx.database.db.select().from(entries);
    const own = rows.filter((row) => row.userId === userId);
    expect(own).toHaveLength(6);
    for (const row of own) {
      expect(row).toMatchObject({ encryptionVersion: 2, moodTag: null, content: null });
      await expect(
        decryptText(serverKey, { ciphertext: row.encryptedContent!, iv: String(row.metadata.encryption_iv) }),
      ).rejects.toThrow();
    }

    // Every stored file: no format's magic, no EXIF or maker's string, no phrase, no picture sharp can decode;
    // those of this account are refused by the server's own reader and key derivation, and its key opens no chunk.
    const mediaKeys = createMediaKeys(ctx.config.encryptionSecret);
    const serverMediaKey = mediaKeys.newFile(userId).key;
    const stored = await everyStoredFile(driver());
    const theirs = stored.filter((file) => file.includes(userId));
    // Three files and two thumbnails, and the shared photo's copy under the share's key (ADR 103).
    expect(theirs).toHaveLength(6);
    expect(theirs).toContain(`${userId}/shares/${toRecipient!.id}.bin`);
    for (const { mediaUrl } of withMedia) expect(theirs).toContain(mediaUrl);
    for (const file of stored) {
      const bytes = await rawBytes(driver(), file);
      // Every file is searched for the phrases; only this journal's are asked to open nothing, since the test
      // files of one worker share its data folder, where another's may keep a plain file on purpose (ADR 081's job).
      if (file.includes(userId)) await expectOpensNothing(bytes, file);
      for (const secret of secrets) expect(bytes.includes(secret), `${file} holds ${secret}`).toBe(false);
    }
    for (const file of theirs) {
      const bytes = await rawBytes(driver(), file);
      expect(mediaHeaderOf(bytes)?.keyKind, file).toBe('user');
      await expect(ctx.app.services.storage.read(file), file).rejects.toThrow(/does not hold/);
      expect(() => mediaKeys.keyOf(userId, mediaHeaderOf(bytes)!), file).toThrow(/does not hold/);
      await expect(openMediaInBrowser(new Uint8Array(bytes), serverMediaKey), file).rejects.toThrow();
    }
    for (const { container, mediaUrl } of withMedia)
      expect((await rawBytes(driver(), mediaUrl)).equals(container), 'stored as sealed in the browser').toBe(
        true,
      );
  });

  it('a standard account: its media is sealed at rest too, while its text opens with ENCRYPTION_SECRET', async () => {
    const person = await premiumUser(ctx);
    const userId = person.user.id;
    const uploads = [
      {
        text: STANDARD.photo,
        media: { type: 'image', file: await jpegWithGps(), filename: 'pier.jpg', contentType: 'image/jpeg' },
      },
      {
        text: STANDARD.voice,
        media: { type: 'audio', file: webmAudio(2), filename: 'voice.webm', contentType: 'audio/webm' },
      },
      {
        text: STANDARD.video,
        media: { type: 'video', file: webmVideo(1), filename: 'gulls.webm', contentType: 'video/webm' },
      },
    ] as const;
    const written: Array<{ id: string; mediaUrl: string; text: string; type: string }> = [];
    for (const { text, media } of uploads) {
      const response = await createMediaEntry(ctx, person, media, text);
      expect(response.statusCode, response.body).toBe(201);
      const entry = response.json().entry as { id: string; mediaUrl: string };
      written.push({ ...entry, text, type: media.type });
    }

    const held = await operatorsText();
    const stored = (await everyStoredFile(driver())).filter((file) => file.includes(userId));
    for (const { mediaUrl } of written) expect(stored).toContain(mediaUrl);
    // At rest, a copy of the folder or bucket alone shows nothing, as for a private account (ADR 081).
    for (const file of stored) {
      const bytes = await rawBytes(driver(), file);
      await expectOpensNothing(bytes, file);
      expect(mediaHeaderOf(bytes)?.keyKind, file).toBe('server');
    }
    for (const phrase of Object.values(STANDARD))
      for (const [where, text] of Object.entries(held))
        expect(text.includes(phrase), `${where} holds ${phrase}`).toBe(false);

    // The documented difference: with ENCRYPTION_SECRET the operator opens a standard account's text and media.
    const serverKey = await createEntryKeys(ctx.config.encryptionSecret).keyFor(userId);
    const rows = (await ctx.database.db.select().from(entries)).filter((row) => row.userId === userId);
    expect(rows).toHaveLength(3);
    const opened = await Promise.all(
      rows.map((row) =>
        decryptText(serverKey, { ciphertext: row.encryptedContent!, iv: String(row.metadata.encryption_iv) }),
      ),
    );
    expect(opened.sort()).toEqual(Object.values(STANDARD).sort());
    const photo = written.find((entry) => entry.type === 'image')!;
    const plainPhoto = await buffer((await ctx.app.services.storage.read(photo.mediaUrl))!.stream);
    expect(await sharp(plainPhoto).metadata()).toMatchObject({ format: 'jpeg' });
  });
});
