import { createHash, randomBytes } from 'node:crypto';
import { SHARE_MESSAGES, type ShareStatus } from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';
import type { ShareEventRow, ShareRow } from './repository.ts';

/*
 * The rules every audience of a share reads the same way: its link's token, its status as of now, and the refusals
 * it answers with. Pure, so the sender's, the recipient's and the admin's services agree by construction.
 */

export const DAY_MS = 24 * 3600_000;
const TOKEN_BYTES = 16;
/** base64url of 16 bytes, without padding. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** 128 random bits for the link; only their SHA-256 is stored, so a copy of the database opens no share. */
export function newShareToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashShareToken(token) };
}

export const hashShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A share past its expiry is expired everywhere at once, whether or not the expiry job has run. */
export function effectiveStatus(share: Pick<ShareRow, 'status' | 'expiresAt'>, now: Date): ShareStatus {
  return share.status === 'active' && share.expiresAt.getTime() <= now.getTime() ? 'expired' : share.status;
}

export const shareNotFound = () => new AppError('NOT_FOUND', SHARE_MESSAGES.notFound);
export const entryNotFound = () => new AppError('NOT_FOUND', 'Entry not found');

/** Why an existing share refuses an action that needs it active. */
export function refusal(status: ShareStatus): AppError {
  return new AppError(
    'CONFLICT',
    status === 'revoked' ? SHARE_MESSAGES.shareRevokedBadge : SHARE_MESSAGES.shareExpiredBadge,
  );
}

export const eventsFor = (events: ShareEventRow[], shareId: string) =>
  events
    .filter((e) => e.shareId === shareId)
    .map((e) => ({ type: e.type, createdAt: e.createdAt.toISOString() }));

export const displayName = (name: string | null | undefined, fallback: string) => name?.trim() || fallback;
