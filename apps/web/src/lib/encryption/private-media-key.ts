import { deriveMediaKeyV2, importAccountKey, toBase64 } from '@daybook/shared';
import { keptAccountKey } from '../private-keys/session-key.ts';

/*
 * Private mode's media key (ADR 096): `deriveMediaKeyV2` of the account key unlocked in this browser session, the
 * 32 bytes every file sealed in the browser derives its own key from (the media container of ADR 081, key kind 1).
 * Derived once per unlocked key, kept in memory beside it, forgotten with it, as the entry key is
 * (private-entry-key.ts).
 */

const derived = new Map<string, { raw: string; key: Promise<Uint8Array<ArrayBuffer>> }>();

/** The media key of this browser session, or null while private mode is not unlocked here. */
export async function privateMediaKey(userId: string | undefined): Promise<Uint8Array<ArrayBuffer> | null> {
  const raw = userId ? keptAccountKey(userId) : null;
  if (!userId || !raw) {
    if (userId) derived.delete(userId);
    return null;
  }
  const id = toBase64(raw);
  let held = derived.get(userId);
  if (held?.raw !== id) {
    held = { raw: id, key: importAccountKey(raw).then(deriveMediaKeyV2) };
    derived.set(userId, held);
  }
  try {
    return await held.key;
  } catch {
    derived.delete(userId);
    return null;
  }
}
