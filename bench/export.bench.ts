import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { deriveEntryKey, encryptText } from '@daybook/shared';
import { sql } from 'drizzle-orm';
import { entries } from '../apps/server/src/db/schema/index.ts';
import { benchUser, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';

/** Drains a stream without keeping it, counting the bytes. */
function counter() {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  return { sink, bytes: () => bytes };
}

function drain(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`export answered ${response.statusCode}`));
        const { sink, bytes } = counter();
        pipeline(response, sink).then(() => resolve(bytes()), reject);
      })
      .on('error', reject);
  });
}

/**
 * Export throughput (ADR 035): GET /api/export/archive for a journal of `entryCount` encrypted entries, one in
 * `mediaEvery` with a `mediaMegabytes` file, drained over loopback; beside a bare read of the same rows (keyset
 * pages through a plain SQL statement) and the same files (read and dropped). The ratio is what decrypting,
 * Markdown, JSON, deflate, CRC and the zip framing cost over simply reading the data.
 */
export async function exportThroughputBench(options: {
  entryCount: number;
  mediaEvery: number;
  mediaMegabytes: number;
}) {
  const bench = await openBenchDatabase();
  const { app, origin, config } = await startBenchApp(bench.database);
  const root = (config.storage as { kind: 'local'; root: string }).root;
  try {
    const user = await benchUser(app, bench.database);
    const salt = (
      await app.inject({ method: 'GET', url: '/api/encryption/salt', headers: { cookie: user.cookie } })
    ).json().salt;
    const key = await deriveEntryKey(user.userId, salt);
    const text =
      'A slow walk by the river this evening. I left my phone at home and noticed the light on the water. #walks #river';
    // One media file's bytes, random (photos and video do not compress), written under each entry's own name.
    const media = randomBytes(Math.round(options.mediaMegabytes * 1_048_576));
    const files: string[] = [];
    const start = new Date('2020-01-01T08:00:00Z').getTime();
    for (let first = 0; first < options.entryCount; first += 500) {
      const rows = [];
      for (let i = first; i < Math.min(options.entryCount, first + 500); i++) {
        const sealed = await encryptText(key, `${text} (${i})`);
        const created = new Date(start + i * 3_600_000);
        const day = created.toISOString().slice(0, 10);
        let mediaUrl: string | null = null;
        if (i % options.mediaEvery === 0) {
          mediaUrl = `${user.userId}/${day}/${randomUUID()}.jpg`;
          const file = path.join(root, ...mediaUrl.split('/'));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, media);
          files.push(file);
        }
        rows.push({
          userId: user.userId,
          encryptedContent: sealed.ciphertext,
          metadata: { encryption_iv: sealed.iv },
          moodTag: 'Calm',
          entryDate: day,
          mediaUrl,
          contentType: mediaUrl ? ('image' as const) : ('text' as const),
          createdAt: created,
        });
      }
      await bench.database.db.insert(entries).values(rows);
    }
    const mediaBytes = files.length * media.length;

    // Warm both paths once (page cache, JIT, the key cache), then time each.
    await drain(`${origin}/api/export/archive`, user.cookie);
    let began = performance.now();
    const archiveBytes = await drain(`${origin}/api/export/archive`, user.cookie);
    const oursSeconds = (performance.now() - began) / 1000;

    began = performance.now();
    let after: { cursor: string; id: string } | null = null;
    let rowsRead = 0;
    for (;;) {
      const { rows } = await bench.database.db.execute<{
        id: string;
        cursor: string;
        media_url: string | null;
      }>(
        sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor,
                   encrypted_content, metadata, mood_tag, media_url, entry_date, created_at, updated_at
            from entries where user_id = ${user.userId} and deleted_at is null
            ${after ? sql`and (created_at, id) > (${after.cursor}::timestamptz, ${after.id}::uuid)` : sql``}
            order by created_at, id limit 100`,
      );
      if (rows.length === 0) break;
      rowsRead += rows.length;
      for (const row of rows) {
        if (!row.media_url) continue;
        await pipeline(createReadStream(path.join(root, ...row.media_url.split('/'))), counter().sink);
      }
      const last = rows[rows.length - 1]!;
      after = { cursor: last.cursor, id: last.id };
    }
    const bareSeconds = (performance.now() - began) / 1000;
    if (rowsRead !== options.entryCount) throw new Error(`bare read saw ${rowsRead} rows`);

    const mb = mediaBytes / 1_048_576;
    return {
      entries: options.entryCount,
      mediaFiles: files.length,
      mediaMegabytes: mb,
      archiveMegabytes: archiveBytes / 1_048_576,
      ours: {
        seconds: oursSeconds,
        entriesPerSecond: options.entryCount / oursSeconds,
        megabytesPerSecond: mb / oursSeconds,
      },
      bare: {
        seconds: bareSeconds,
        entriesPerSecond: options.entryCount / bareSeconds,
        megabytesPerSecond: mb / bareSeconds,
      },
      ratio: bareSeconds / oursSeconds,
    };
  } finally {
    await app.close();
    await rm(path.join(root, ''), { recursive: true, force: true });
    await bench.drop();
  }
}
