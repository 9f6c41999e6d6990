import { fromBase64, toBase64 } from '@daybook/shared';
import {
  readSessionString,
  removeSessionString,
  removeSessionStringsStartingWith,
  writeSessionString,
} from '../storage.ts';

/*
 * Where the unlocked account key of private mode is kept (ADR 089): as the version-1 entry key is (docs/product/encryption.md#encryption-browser,
 * entry-key.ts), raw and base64 in this tab's sessionStorage, so a reload does not ask for the passphrase again, and
 * in memory. Nothing of it goes to localStorage or IndexedDB, and signing out removes it. This module is all the
 * shell holds of private mode (sign-out calls `forgetAccountKeys`): base64 and storage, nothing more.
 */

const STORAGE_PREFIX = 'daybook-account-key-';
export const accountKeyStorageKey = (userId: string) => `${STORAGE_PREFIX}${userId}`;

const unlocked = new Map<string, Uint8Array<ArrayBuffer>>();

/** The screens that show whether private mode is unlocked here (the unlock card, the profile) follow each change. */
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** For `useSyncExternalStore`: called after each key kept or forgotten in this tab. */
export function subscribeAccountKeys(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps the raw key for this browser session. */
export function keepAccountKey(userId: string, raw: Uint8Array<ArrayBuffer>): void {
  unlocked.set(userId, raw);
  writeSessionString(accountKeyStorageKey(userId), toBase64(raw));
  notify();
}

/** The raw key unlocked earlier in this browser session, or null. */
export function keptAccountKey(userId: string): Uint8Array<ArrayBuffer> | null {
  const inMemory = unlocked.get(userId);
  if (inMemory) return inMemory;
  const stored = readSessionString(accountKeyStorageKey(userId));
  if (!stored) return null;
  try {
    const raw = fromBase64(stored);
    unlocked.set(userId, raw);
    return raw;
  } catch {
    removeSessionString(accountKeyStorageKey(userId));
    return null;
  }
}

/** Forgets one account's key (a fresh start) or, at sign-out, every account key of this tab. */
export function forgetAccountKeys(userId?: string): void {
  if (userId) {
    unlocked.delete(userId);
    removeSessionString(accountKeyStorageKey(userId));
    notify();
    return;
  }
  unlocked.clear();
  removeSessionStringsStartingWith(STORAGE_PREFIX);
  notify();
}
