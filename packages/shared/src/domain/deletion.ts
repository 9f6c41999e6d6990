const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left until a scheduled date, rounded up; 0 once it has passed (docs/product/accounts.md#accounts-deletion derived deletion status). */
export function daysRemaining(scheduledFor: Date, now: Date): number {
  return Math.max(0, Math.ceil((scheduledFor.getTime() - now.getTime()) / DAY_MS));
}

/**
 * "Account deletion scheduled for Dec 21, 2026" — short month, US English (docs/product/accounts.md#accounts-deletion), for what the server writes (the
 * notification, the e-mail): it has no reader's locale. The web writes the date in the reader's own (ADR 085).
 */
export function formatDeletionDate(date: Date): string {
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export function daysRemainingLabel(days: number): string {
  return `${days} day${days === 1 ? '' : 's'} remaining`;
}
