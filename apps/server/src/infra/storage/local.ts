import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertSafeStoragePath, isStoragePath, type StorageDriver, type StoredFile } from './storage.ts';

/** Only the server's user may read what people keep in their journal, whatever the process umask is. */
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;
const LIST_PAGE = 500;

/** Names in path order (so a listing can resume after a path); dot-files (writes under way) are not listed. */
async function namesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((d) => !d.name.startsWith('.'))
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

/** Files under DATA_DIR/media, as the driver under the sealed storage (sealed.ts) stores them. */
export function createLocalStorage(options: { root: string; now?: () => Date }): StorageDriver {
  const now = options.now ?? (() => new Date());
  const absolute = (relative: string) =>
    path.join(options.root, ...assertSafeStoragePath(relative).split('/'));

  return {
    kind: 'local',
    async write(relative, body, length, _contentType) {
      const target = absolute(relative);
      await mkdir(path.dirname(target), { recursive: true, mode: DIRECTORY_MODE });
      // Written beside the target under a dot-name, then renamed over it: a reader, or a crash, sees the old file
      // or the new one whole (the job that seals old files replaces them this way, ADR 081).
      const partial = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.partial`);
      try {
        await pipeline(body, createWriteStream(partial, { mode: FILE_MODE }));
        const { size } = await stat(partial);
        if (size !== length) throw new Error(`wrote ${size} bytes of ${length}: ${relative}`);
        const written = now();
        await utimes(partial, written, written);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
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
    async *list(after) {
      let page: StoredFile[] = [];
      for (const user of await namesIn(options.root)) {
        for (const folder of await namesIn(path.join(options.root, user))) {
          for (const name of await namesIn(path.join(options.root, user, folder))) {
            const relative = `${user}/${folder}/${name}`;
            if (!isStoragePath(relative) || (after !== undefined && relative <= after)) continue;
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
  };
}
