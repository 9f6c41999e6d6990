import type { z } from 'zod';

/*
 * localStorage can throw (Safari private mode, storage disabled, quota full).
 * Nothing the app keeps there is essential, so every failure degrades to "not stored".
 */

export function readStoredString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStoredString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not stored; the app keeps working with in-memory state.
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/** Reads JSON written by `writeStoredJson`; anything unparsable or not matching the schema reads as absent. */
export function readStoredJson<T>(key: string, schema: z.ZodType<T>): T | undefined {
  const raw = readStoredString(key);
  if (raw === null) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeStoredJson(key: string, value: unknown): void {
  writeStoredString(key, JSON.stringify(value));
}

/** sessionStorage: kept for this tab's browsing session only. Same failure rules as above. */
export function readSessionString(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSessionString(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Not stored: at worst the work it guards is done once more.
  }
}

export function removeSessionString(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/** Removes every sessionStorage entry whose key starts with `prefix`. */
export function removeSessionStringsStartingWith(prefix: string): void {
  try {
    const keys = Array.from({ length: window.sessionStorage.length }, (_, index) =>
      window.sessionStorage.key(index),
    );
    for (const key of keys) if (key?.startsWith(prefix)) window.sessionStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}
