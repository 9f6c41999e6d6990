import { deriveEntryKeyV2, type EntryKey, importAccountKey, toBase64 } from '@daybook/shared';
import { keptAccountKey } from '../private-keys/session-key.ts';

/*
 * Version 2's entry key (private mode, ADR 094): derived from the account key unlocked in this browser session
 * (ADR 089, session-key.ts), never from anything the server holds. Derived once per unlocked key and kept in memory
 * beside it; when the account key is forgotten (sign-out, a fresh start) this forgets its entry key too.
 */

const derived = new Map<string, { raw: string; key: Promise<EntryKey> }>();

/** The version-2 entry key of this browser session, or null while private mode is not unlocked here. */
export async function privateEntryKey(userId: string): Promise<EntryKey | null> {
  const raw = userId ? keptAccountKey(userId) : null;
  if (!raw) {
    derived.delete(userId);
    return null;
  }
  const id = toBase64(raw);
  let held = derived.get(userId);
  if (held?.raw !== id) {
    held = { raw: id, key: importAccountKey(raw).then(deriveEntryKeyV2) };
    derived.set(userId, held);
  }
  try {
    return await held.key;
  } catch {
    derived.delete(userId);
    return null;
  }
}

/**
 * Whether this browser session writes version 2: it holds the account's unlocked key. The server is the authority
 * (it refuses a version the account does not use); this only picks what to send.
 */
export const isPrivateUnlocked = (userId: string | undefined): boolean =>
  Boolean(userId) && keptAccountKey(userId ?? '') !== null;
