import { ENTRY_LIMITS } from '@daybook/shared';
import { z } from 'zod';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import { readStoredJson, removeStored } from '../../lib/storage.ts';

/**
 * The unsaved text of the quick entry card (docs/product/entries.md#entries-quick-entry "journal-draft"). It is kept encrypted with the user's
 * entry key in IndexedDB, per user, and removed at sign-out (lib/offline/drafts.ts, ADR 040); the spec's
 * plain localStorage value is only read once, to carry an existing draft over, and then removed.
 */
export const JournalDraft = z.object({
  text: z.string().max(ENTRY_LIMITS.maxChars),
  mood: z.string().nullable(),
  savedAt: z.iso.datetime(),
});
export type JournalDraft = z.infer<typeof JournalDraft>;

/** How long typing must pause before the draft is written. */
export const DRAFT_SAVE_DELAY_MS = 800;

/** A plain draft left in localStorage by an earlier version: returned once, and removed. */
export function takeLegacyDraft(): JournalDraft | undefined {
  const draft = readStoredJson(STORAGE_KEYS.journalDraft, JournalDraft);
  removeStored(STORAGE_KEYS.journalDraft);
  return draft;
}
