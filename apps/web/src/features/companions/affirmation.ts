import { STORAGE_KEYS } from '../../lib/constants.ts';
import { readStoredString, writeStoredString } from '../../lib/storage.ts';

/** docs/product/dashboard.md#dashboard-affirmation: dismissed for the day; the day is kept under "affirmation-dismissed-date" (yyyy-MM-dd). */
export function isAffirmationDismissed(today: string): boolean {
  return readStoredString(STORAGE_KEYS.affirmationDismissedDate) === today;
}

export function dismissAffirmation(today: string): void {
  writeStoredString(STORAGE_KEYS.affirmationDismissedDate, today);
}
