import { ENTRY_LIMITS } from '../constants.ts';

const HOUR_MS = 60 * 60 * 1000;
export const EDIT_WINDOW_MS = ENTRY_LIMITS.editWindowHours * HOUR_MS;

/** Milliseconds left to edit or delete an entry (12 hours from creation), never below 0. */
export function editWindowRemainingMs(createdAt: Date, now: Date): number {
  return Math.max(0, createdAt.getTime() + EDIT_WINDOW_MS - now.getTime());
}

export const isEditable = (createdAt: Date, now: Date) => editWindowRemainingMs(createdAt, now) > 0;

/** The countdown badge: hours left, or minutes under an hour; a warning at 60 minutes or less. */
export function editWindowBadge(remainingMs: number): { label: string; isWarning: boolean } | null {
  if (remainingMs <= 0) return null;
  const minutes = Math.ceil(remainingMs / 60_000);
  const isWarning = minutes <= ENTRY_LIMITS.editWarningMinutes;
  if (minutes < 60) return { label: `${minutes}m left to edit`, isWarning };
  return { label: `${Math.floor(minutes / 60)}h left to edit`, isWarning };
}
