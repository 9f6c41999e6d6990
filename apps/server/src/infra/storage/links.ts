import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertSafeStoragePath } from './storage.ts';

/**
 * Signed links to stored media, on local disk and S3 alike: `/api/media/file` with an expiry and an HMAC of path,
 * expiry and content type, so a file is never served without a valid, unexpired signature. Media are sealed at rest
 * (ADR 081), so no store can hand them to the browser itself: the app reads the chunks a request needs and opens them.
 */
export function createMediaLinks(options: { secret: string; appUrl: string; now: () => Date }) {
  const sign = (relative: string, expires: number, contentType: string) =>
    createHmac('sha256', options.secret)
      .update(`${relative}\n${expires}\n${contentType}`)
      .digest('base64url');

  return {
    /**
     * A URL the browser can fetch for `expiresInSeconds` without other credentials. Given `signedAt`, the link
     * counts from that instant instead of now: links signed with the same instant are the same URL, which the
     * browser's cache then serves (thumbnails, ADR 044).
     */
    async sign(
      relative: string,
      {
        expiresInSeconds,
        contentType,
        signedAt,
      }: { expiresInSeconds: number; contentType: string; signedAt?: Date },
    ): Promise<string> {
      assertSafeStoragePath(relative);
      const expires = Math.floor((signedAt ?? options.now()).getTime() / 1000) + expiresInSeconds;
      const query = new URLSearchParams({
        path: relative,
        expires: String(expires),
        type: contentType,
        signature: sign(relative, expires, contentType),
      });
      return `${options.appUrl}/api/media/file?${query}`;
    },

    verify({
      path,
      expires,
      type,
      signature,
    }: {
      path: string;
      expires: number;
      type: string;
      signature: string;
    }) {
      if (!Number.isFinite(expires) || expires * 1000 < options.now().getTime()) return false;
      try {
        assertSafeStoragePath(path);
      } catch {
        return false;
      }
      const expected = Buffer.from(sign(path, expires, type));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    /** Seconds until a link's expiry (unix seconds): how long a browser may cache what it serves. */
    secondsLeft: (expires: number) => Math.max(0, expires - Math.floor(options.now().getTime() / 1000)),
  };
}

export type MediaLinks = ReturnType<typeof createMediaLinks>;
