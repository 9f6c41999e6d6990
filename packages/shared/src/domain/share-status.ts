import { SHARE_LIMITS } from '../constants.ts';

/** The badge a sender sees beside each share in Manage Sharing (docs/product/sharing.md#sharing-status). */
export const SHARE_BADGE_STATUSES = ['Revoked', 'Expired', 'Viewed', 'Delivered', 'Pending'] as const;
export type ShareBadgeStatus = (typeof SHARE_BADGE_STATUSES)[number];

/** What the rules read of a share (structurally a `SentShare`, so the server's rows fit too). */
export type ShareStatusFacts = {
  status: 'active' | 'revoked' | 'expired';
  events: ReadonlyArray<{ type: string }>;
  /** When given, a share past it counts as expired even before the expiry job has marked it. */
  expiresAt?: string | undefined;
};

export type ResendFacts = ShareStatusFacts & {
  recipientRegistered: boolean;
  resendCount: number;
  /** How a private entry's share is sealed (ADR 103); absent or null for one the server reads. */
  sealing?: string | null | undefined;
};

/**
 * Expired by status, or (with `now`) by its expiry time: the job that marks shares expired runs every few
 * minutes, and a share must not look resendable in between.
 */
export function isShareExpired(share: ShareStatusFacts, now?: Date): boolean {
  if (share.status === 'expired') return true;
  if (!now || !share.expiresAt) return false;
  const expiresAt = Date.parse(share.expiresAt);
  return Number.isFinite(expiresAt) && expiresAt <= now.getTime();
}

/**
 * docs/product/sharing.md#sharing-status, in this order: Revoked if revoked; Expired if expired; Viewed if any `share_viewed` event; Delivered
 * if any `email_sent` event; otherwise Pending. Only `share_viewed` (the token link opened) counts as viewed, as
 * the spec says: `in_app_viewed` is recorded when a recipient merely opens the shares popover.
 */
export function shareBadgeStatus(share: ShareStatusFacts, now?: Date): ShareBadgeStatus {
  if (share.status === 'revoked') return 'Revoked';
  if (isShareExpired(share, now)) return 'Expired';
  if (share.events.some((event) => event.type === 'share_viewed')) return 'Viewed';
  if (share.events.some((event) => event.type === 'email_sent')) return 'Delivered';
  return 'Pending';
}

/**
 * docs/product/sharing.md#sharing-manage: resend only an active share whose recipient has no account (a registered recipient sees it in the
 * app), at most 3 times.
 */
export function canResend(share: ResendFacts, now?: Date): boolean {
  return (
    share.status === 'active' &&
    !isShareExpired(share, now) &&
    !share.recipientRegistered &&
    // A private link's key is only in the link the sender copied: an e-mailed link could not open it (ADR 103).
    share.sealing !== 'link' &&
    share.resendCount < SHARE_LIMITS.maxResends
  );
}

/** Only an active share can be revoked (docs/product/sharing.md#sharing-manage). */
export const canRevoke = (share: ShareStatusFacts, now?: Date) =>
  share.status === 'active' && !isShareExpired(share, now);

/** The resend button's tooltip: how many of the 3 resends are used (docs/product/sharing.md#sharing-manage). */
export function resendCountLabel(resendCount: number): string {
  const used = Math.min(Math.max(resendCount, 0), SHARE_LIMITS.maxResends);
  return `Resent ${used} of ${SHARE_LIMITS.maxResends} times`;
}
