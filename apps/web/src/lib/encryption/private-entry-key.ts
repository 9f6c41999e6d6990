import {
  type AccountKey,
  deriveEntryKeyV2,
  type EntryKey,
  importAccountKey,
  toBase64,
} from '@daybook/shared';
import { keptAccountKey } from '../private-keys/session-key.ts';

/*
 * Version 2's entry key (private mode, ADR 094): derived from the account key unlocked in this browser session
 * (ADR 089, session-key.ts), never from anything the server holds. Derived once per unlocked key and kept in memory
 * beside it; when the account key is forgotten (sign-out, a fresh start) this forgets its entry key too.
 */

/**
 * A key derived from the account key unlocked in this browser session (ADR 089), once per unlocked key and kept in
 * memory beside it: asked with another key (a fresh start, another unlock) it derives anew, and with none (locked,
 * signed out) it forgets and answers null, as it does when the derivation fails. One per purpose: the entries' key
 * here, the media's, the letters' and the conversations'.
 */
export function keyDerivedFromAccountKey<T>(derive: (accountKey: AccountKey) => Promise<T>) {
  const derived = new Map<string, { raw: string; key: Promise<T> }>();
  return async (userId: string | undefined): Promise<T | null> => {
    const raw = userId ? keptAccountKey(userId) : null;
    if (!userId || !raw) {
      if (userId) derived.delete(userId);
      return null;
    }
    const id = toBase64(raw);
    let held = derived.get(userId);
    if (held?.raw !== id) {
      held = { raw: id, key: importAccountKey(raw).then(derive) };
      derived.set(userId, held);
    }
    try {
      return await held.key;
    } catch {
      derived.delete(userId);
      return null;
    }
  };
}

/** The version-2 entry key of this browser session, or null while private mode is not unlocked here. */
export const privateEntryKey: (userId: string | undefined) => Promise<EntryKey | null> =
  keyDerivedFromAccountKey(deriveEntryKeyV2);

/**
 * Whether this browser session writes version 2: it holds the account's unlocked key. The server is the authority
 * (it refuses a version the account does not use); this only picks what to send.
 */
export const isPrivateUnlocked = (userId: string | undefined): boolean =>
  Boolean(userId) && keptAccountKey(userId ?? '') !== null;
