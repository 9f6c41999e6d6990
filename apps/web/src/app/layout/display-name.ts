import type { SessionUser } from '@daybook/shared';

/** The spec's fallback when a user has no name. */
export function displayName(user: Pick<SessionUser, 'fullName'>): string {
  return user.fullName.trim() || 'User';
}
