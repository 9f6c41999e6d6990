import { ENTRY_LIMITS } from '@daybook/shared';
import { z } from 'zod';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import { readStoredJson, removeStored, writeStoredJson } from '../../lib/storage.ts';

/** The unsaved text of the quick entry card, kept in localStorage under "journal-draft" (spec §2). */
export const JournalDraft = z.object({
  text: z.string().max(ENTRY_LIMITS.maxChars),
  mood: z.string().nullable(),
  savedAt: z.iso.datetime(),
});
export type JournalDraft = z.infer<typeof JournalDraft>;

/** How long typing must pause before the draft is written. */
export const DRAFT_SAVE_DELAY_MS = 800;

export function readJournalDraft(): JournalDraft | undefined {
  return readStoredJson(STORAGE_KEYS.journalDraft, JournalDraft);
}

export function writeJournalDraft(draft: JournalDraft): void {
  writeStoredJson(STORAGE_KEYS.journalDraft, draft);
}

export function removeJournalDraft(): void {
  removeStored(STORAGE_KEYS.journalDraft);
}
