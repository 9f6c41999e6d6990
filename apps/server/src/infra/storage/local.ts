import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeStoragePath, type LocalReadable, type Storage } from './storage.ts';

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
    /** Size in bytes, and a reader for the whole file or an inclusive byte range. */
    open(
      relative: string,
    ): Promise<{ size: number; read(range?: { start: number; end: number }): LocalReadable['stream'] }>;
  } = {
    kind: 'local',
    async putFile(relative, localFile) {
      const target = absolute(relative);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(localFile, target);
    },
    async move(from, to) {
      const target = absolute(to);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(absolute(from), target);
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
    async signedUrl(relative, { expiresInSeconds, contentType }) {
      assertSafeStoragePath(relative);
      const expires = Math.floor(now().getTime() / 1000) + expiresInSeconds;
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
    async open(relative) {
      const file = absolute(relative);
      const { size } = await stat(file);
      return { size, read: (range) => createReadStream(file, range) };
    },
  };
  return storage;
}

export type LocalStorage = ReturnType<typeof createLocalStorage>;
