import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeStoragePath,
  isStoragePath,
  type LocalReadable,
  type Storage,
  type StoredFile,
} from './storage.ts';

/** Only the server's user may read what people keep in their journal, whatever the process umask is. */
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;
const LIST_PAGE = 500;

async function namesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((d) => !d.name.startsWith('.'))
      .map((d) => d.name);
  } catch {
    return [];
  }
}

/**
 * Files under DATA_DIR/media. Signed URLs point at our own route (`/api/media/file`) with an expiry and an HMAC
 * of path, expiry and content type, so a file is never served without a valid, unexpired signature.
 */
export function createLocalStorage(options: {
  root: string;
  secret: string;
  appUrl: string;
  now?: () => Date;
}) {
  const now = options.now ?? (() => new Date());
  const absolute = (relative: string) =>
    path.join(options.root, ...assertSafeStoragePath(relative).split('/'));
  const sign = (relative: string, expires: number, contentType: string) =>
    createHmac('sha256', options.secret)
      .update(`${relative}\n${expires}\n${contentType}`)
      .digest('base64url');

  const storage: Storage & {
    verify(query: { path: string; expires: number; type: string; signature: string }): boolean;
    /** Seconds until a link's expiry (unix seconds), by this storage's clock: how long a browser may cache it. */
    secondsLeft(expires: number): number;
    /** Size in bytes, and a reader for the whole file or an inclusive byte range. */
    open(
      relative: string,
    ): Promise<{ size: number; read(range?: { start: number; end: number }): LocalReadable['stream'] }>;
  } = {
    kind: 'local',
    async putFile(relative, localFile) {
      const target = absolute(relative);
      await mkdir(path.dirname(target), { recursive: true, mode: DIRECTORY_MODE });
      await pipeline(createReadStream(localFile), createWriteStream(target, { mode: FILE_MODE }));
      const written = now();
      await utimes(target, written, written);
    },
    async move(from, to) {
      const target = absolute(to);
      await mkdir(path.dirname(target), { recursive: true, mode: DIRECTORY_MODE });
      await rename(absolute(from), target);
      // A rename keeps the old mtime; the orphan sweep's grace period counts from the move, so the file of an
      // entry being saved (moved, row not yet committed) is never taken for an orphan.
      const moved = now();
      await utimes(target, moved, moved);
    },
    async remove(relative) {
      await rm(absolute(relative), { force: true });
    },
    async exists(relative) {
      try {
        return (await stat(absolute(relative))).isFile();
      } catch {
        return false;
      }
    },
    async size(relative) {
      try {
        const info = await stat(absolute(relative));
        return info.isFile() ? info.size : null;
      } catch {
        return null;
      }
    },
    async read(relative, range) {
      const file = absolute(relative);
      let size: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        size = info.size;
      } catch {
        return null;
      }
      return { stream: createReadStream(file, range), size };
    },
    async *list() {
      let page: StoredFile[] = [];
      for (const user of await namesIn(options.root)) {
        for (const folder of await namesIn(path.join(options.root, user))) {
          for (const name of await namesIn(path.join(options.root, user, folder))) {
            const relative = `${user}/${folder}/${name}`;
            if (!isStoragePath(relative)) continue;
            try {
              const info = await stat(absolute(relative));
              if (info.isFile()) page.push({ path: relative, modifiedAt: info.mtime });
            } catch {
              // Removed while we listed it: nothing to sweep.
            }
            if (page.length >= LIST_PAGE) {
              yield page;
              page = [];
            }
          }
        }
      }
      if (page.length > 0) yield page;
    },
    async signedUrl(relative, { expiresInSeconds, contentType, signedAt }) {
      assertSafeStoragePath(relative);
      const expires = Math.floor((signedAt ?? now()).getTime() / 1000) + expiresInSeconds;
      const query = new URLSearchParams({
        path: relative,
        expires: String(expires),
        type: contentType,
        signature: sign(relative, expires, contentType),
      });
      return `${options.appUrl}/api/media/file?${query}`;
    },
    verify({ path: relative, expires, type, signature }) {
      if (!Number.isFinite(expires) || expires * 1000 < now().getTime()) return false;
      try {
        assertSafeStoragePath(relative);
      } catch {
        return false;
      }
      const expected = Buffer.from(sign(relative, expires, type));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    secondsLeft: (expires) => Math.max(0, expires - Math.floor(now().getTime() / 1000)),
    async open(relative) {
      const file = absolute(relative);
      const { size } = await stat(file);
      return { size, read: (range) => createReadStream(file, range) };
    },
  };
  return storage;
}

export type LocalStorage = ReturnType<typeof createLocalStorage>;
