import {
  readSessionString,
  readStoredString,
  writeSessionString,
  writeStoredString,
} from '../../lib/storage.ts';

const SYNCED_KEY = 'timezone-synced';
const chosenKey = (userId: string) => `timezone-chosen:${userId}`;

/** Whether the automatic write has already been done for this user in this browser session. */
export function isTimezoneSynced(userId: string): boolean {
  return readSessionString(SYNCED_KEY) === userId;
}

export function markTimezoneSynced(userId: string): void {
  writeSessionString(SYNCED_KEY, userId);
}

/** A zone picked by hand on this device wins over the detected one from then on. */
export function hasChosenTimezone(userId: string): boolean {
  return readStoredString(chosenKey(userId)) !== null;
}

export function rememberChosenTimezone(userId: string, zone: string): void {
  writeStoredString(chosenKey(userId), zone);
  markTimezoneSynced(userId);
}
