import { deriveMediaKeyV2 } from '@daybook/shared';
import { keyDerivedFromAccountKey } from './private-entry-key.ts';

/*
 * Private mode's media key (ADR 096): `deriveMediaKeyV2` of the account key unlocked in this browser session, the
 * 32 bytes every file sealed in the browser derives its own key from (the media container of ADR 081, key kind 1).
 * Derived once per unlocked key, kept in memory beside it, forgotten with it, as the entry key is
 * (private-entry-key.ts).
 */

/** The media key of this browser session, or null while private mode is not unlocked here. */
export const privateMediaKey: (userId: string | undefined) => Promise<Uint8Array<ArrayBuffer> | null> =
  keyDerivedFromAccountKey(deriveMediaKeyV2);
