import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { deriveMediaKeyV2, PRIVATE_MODE, type PrivateKdf, sealMediaInBrowser } from '@daybook/shared';
import {
  derivePassphraseKey,
  importAccountKey,
  keyProof,
  randomKdfSalt,
  randomKeyBytes,
  recoveryWrappingKey,
  wrapAccountKey,
} from '@daybook/shared/private-keys';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { subscriptions } from '../apps/server/src/db/schema/index.ts';
import { createLocalImageModerator } from '../apps/server/src/infra/moderation/image-moderator.ts';
import { benchUser, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';
import { load } from './lib/load.ts';

/** A photo-like JPEG: noise compresses badly, as camera pictures do. */
export async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let x = seed;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = x >> 16;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export function multipart(file: Buffer) {
  const boundary = '----daybookbench';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Milliseconds per image for the local nsfwjs moderator (WASM backend), after the model has loaded. */
export async function imageModerationBench(images = 20) {
  const moderator = createLocalImageModerator();
  const sample = await photo(1280, 960, 1);
  const loadStart = performance.now();
  await moderator.moderate(sample);
  const loadMs = performance.now() - loadStart;
  const start = performance.now();
  for (let i = 0; i < images; i++) await moderator.moderate(sample);
  const msPerImage = (performance.now() - start) / images;
  await moderator.close();
  return { loadMs, msPerImage };
}

/**
 * Upload throughput of POST /api/media/drafts (multipart streaming, sniffing, dimension check, moderation,
 * storage, draft row) for 2 MB photos, beside a bare node:http server that only writes the body to disk; and the
 * cost of sealing media at rest (ADR 081): the same uploads to a second app on the same database that stores them
 * plain, in alternating rounds so that the machine's drift falls on both alike.
 */
export async function uploadThroughputBench(uploads = 20) {
  const bench = await openBenchDatabase();
  const { app, origin } = await startBenchApp(bench.database);
  const plainApp = await startBenchApp(bench.database, 0, { storePlainMedia: true });
  const user = await benchUser(app, bench.database);
  await bench.database.db
    .update(subscriptions)
    .set({ planId: 'premium' })
    .where(eq(subscriptions.userId, user.userId));
  const file = await photo(1800, 1350, 7);
  const { body, contentType } = multipart(file);
  const tmp = path.join(os.tmpdir(), 'daybook-bench-upload');
  const bare = http.createServer((request, response) => {
    pipeline(request, createWriteStream(tmp)).then(
      () => {
        response.writeHead(201);
        response.end('{}');
      },
      () => {
        response.writeHead(500);
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

  const measure = async (url: string, headers: Record<string, string>, count = uploads) => {
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': contentType, ...headers },
        body,
      });
      if (response.status !== 201)
        throw new Error(`upload failed: ${response.status} ${await response.text()}`);
    }
    const seconds = (performance.now() - start) / 1000;
    return {
      uploadsPerSecond: count / seconds,
      megabytesPerSecond: (count * file.length) / 1_048_576 / seconds,
    };
  };
  const uploadUrl = `${origin}/api/media/drafts?mediaType=image`;
  // The dashboard's read while photos are moderated beside it, and alone: moderation runs on worker threads,
  // so the event loop that answers the read is not the one classifying.
  const dashboardP99 = async () =>
    (
      await load(`${origin}/api/entries?page=1&pageSize=5`, {
        seconds: 3,
        connections: 4,
        headers: { cookie: user.cookie },
      })
    ).p99Ms;
  try {
    const ours = await measure(uploadUrl, { cookie: user.cookie });
    const baseline = await measure(bareUrl, {});
    const plainUrl = `${plainApp.origin}/api/media/drafts?mediaType=image`;
    const rounds = { sealed: [] as number[], plain: [] as number[] };
    for (let round = 0; round < 3; round++) {
      rounds.sealed.push((await measure(uploadUrl, { cookie: user.cookie })).megabytesPerSecond);
      rounds.plain.push((await measure(plainUrl, { cookie: user.cookie })).megabytesPerSecond);
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const encryption = {
      sealedMegabytesPerSecond: mean(rounds.sealed),
      plainMegabytesPerSecond: mean(rounds.plain),
      ratio: mean(rounds.sealed) / mean(rounds.plain),
    };
    const alone = await dashboardP99();
    let uploading = true;
    const uploader = (async () => {
      while (uploading) await measure(uploadUrl, { cookie: user.cookie }, 1);
    })();
    const duringUploads = await dashboardP99();
    uploading = false;
    await uploader;
    return {
      fileMegabytes: file.length / 1_048_576,
      ours,
      baseline,
      ratio: ours.megabytesPerSecond / baseline.megabytesPerSecond,
      encryption,
      dashboardP99Ms: { alone, duringUploads },
    };
  } finally {
    await app.close();
    await plainApp.app.close();
    await new Promise((resolve) => bare.close(resolve));
    await rm(tmp, { force: true });
    await bench.drop();
  }
}

/** A multipart body of several file fields (a sealed upload and its sealed thumbnail, ADR 096). */
function multipartFiles(files: Record<string, Buffer>) {
  const boundary = '----daybookbenchsealed';
  const parts = Object.entries(files).flatMap(([name, bytes]) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Private mode's photo upload (ADR 096) against a standard account's: the same 2 MB photo sealed with the shared
 * WebCrypto container (`sealMediaInBrowser`, timed with the upload: it is the browser's work before sending, here
 * run on Node's WebCrypto rather than chromium's) and its thumbnail, sent to /api/media/sealed-drafts, which stores
 * them as they came; and sent plain to /api/media/drafts, which sniffs, decodes, strips, moderates, thumbnails and
 * seals. Alternating rounds on one app and one database. The browser's own moderation and thumbnail are not in the
 * private side's time (they run before sealing, in the page's worker), so the ratio is the upload path's alone.
 */
export async function privateUploadBench(uploads = 20) {
  const bench = await openBenchDatabase();
  const { app, origin } = await startBenchApp(bench.database);
  try {
    const standard = await benchUser(app, bench.database);
    const owner = await benchUser(app, bench.database);
    const accountKey = randomKeyBytes();
    const kdf: PrivateKdf = { algorithm: 'argon2id', salt: randomKdfSalt(), ...PRIVATE_MODE.kdfFloor };
    const setUp = await app.inject({
      method: 'POST',
      url: '/api/me/private-mode',
      headers: { cookie: owner.cookie },
      payload: {
        password: 'Bench-River-42',
        kdf,
        passphraseWrap: await wrapAccountKey(
          accountKey,
          await derivePassphraseKey('a bench passphrase of some words', kdf.salt, kdf),
          'passphrase',
          owner.userId,
        ),
        recoveryWrap: await wrapAccountKey(
          accountKey,
          await recoveryWrappingKey(randomKeyBytes()),
          'recovery',
          owner.userId,
        ),
        keyProof: await keyProof(await importAccountKey(accountKey)),
      },
    });
    if (setUp.statusCode !== 201) throw new Error(`private mode set-up failed: ${setUp.body}`);
    const mediaKey = await deriveMediaKeyV2(await importAccountKey(accountKey));
    const file = await photo(1800, 1350, 11);
    const thumbnail = await sharp(file).resize(320, 320, { fit: 'inside' }).webp({ quality: 70 }).toBuffer();
    const plain = multipart(file);

    const serverSealed = async () => {
      const start = performance.now();
      for (let i = 0; i < uploads; i++) {
        const response = await fetch(`${origin}/api/media/drafts?mediaType=image`, {
          method: 'POST',
          headers: { 'content-type': plain.contentType, cookie: standard.cookie },
          body: plain.body,
        });
        if (response.status !== 201) throw new Error(`upload failed: ${response.status}`);
      }
      return (uploads * file.length) / 1_048_576 / ((performance.now() - start) / 1000);
    };
    const browserSealed = async () => {
      const start = performance.now();
      for (let i = 0; i < uploads; i++) {
        const sealed = Buffer.from(
          await (await sealMediaInBrowser(new Uint8Array(file), mediaKey)).arrayBuffer(),
        );
        const sealedThumb = Buffer.from(
          await (await sealMediaInBrowser(new Uint8Array(thumbnail), mediaKey)).arrayBuffer(),
        );
        const { body, contentType } = multipartFiles({ file: sealed, thumbnail: sealedThumb });
        const response = await fetch(
          `${origin}/api/media/sealed-drafts?mediaType=image&mimeType=image/jpeg&thumbWidth=320&thumbHeight=240`,
          { method: 'POST', headers: { 'content-type': contentType, cookie: owner.cookie }, body },
        );
        if (response.status !== 201) throw new Error(`sealed upload failed: ${response.status}`);
      }
      return (uploads * file.length) / 1_048_576 / ((performance.now() - start) / 1000);
    };
    const rounds = { browser: [] as number[], server: [] as number[] };
    for (let round = 0; round < 3; round++) {
      rounds.browser.push(await browserSealed());
      rounds.server.push(await serverSealed());
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    return {
      fileMegabytes: file.length / 1_048_576,
      browserSealedMegabytesPerSecond: mean(rounds.browser),
      serverSealedMegabytesPerSecond: mean(rounds.server),
      ratio: mean(rounds.browser) / mean(rounds.server),
    };
  } finally {
    await app.close();
    await bench.drop();
  }
}
