import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_LIMITS } from '@daybook/shared';

/**
 * Links to a shared entry's media, served by the app for both storages (ADR 059): an HMAC of the share id and
 * an expiry. The link only says which share asked; whether that share is still live is checked on every request,
 * so revoking or expiring it ends the link at once, which a presigned S3 URL could not do.
 */
export function createShareMediaLinks(secret: string, appUrl: string) {
  const sign = (shareId: string, expires: number) =>
    createHmac('sha256', secret).update(`share-media\n${shareId}\n${expires}`).digest('base64url');

  return {
    url(shareId: string, now: Date): string {
      const expires = Math.floor(now.getTime() / 1000) + MEDIA_LIMITS.signedUrlSeconds;
      const query = new URLSearchParams({ expires: String(expires), signature: sign(shareId, expires) });
      return `${appUrl}/api/share-media/${shareId}?${query}`;
    },
    verify(shareId: string, link: { expires: number; signature: string }, now: Date): boolean {
      if (!Number.isFinite(link.expires) || link.expires * 1000 < now.getTime()) return false;
      const expected = Buffer.from(sign(shareId, link.expires));
      const given = Buffer.from(link.signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
