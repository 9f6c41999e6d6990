import { ENTRY_MESSAGES } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError, isSessionGone } from '../../../lib/api-client.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateEntry } from '../api/update-entry.ts';
import { announceSaved, announceServerRefusal, checkAndSeal, errorDescription } from './entry-checks.ts';

export type EntryEdit = {
  id: string;
  text: string;
  /** Left out to keep the entry's mood. */
  mood?: string | null;
  /**
   * The mood the entry has now: a private entry is sealed whole (ADR 094), so an edit that keeps the mood seals
   * this one again.
   */
  currentMood?: string | null;
};

/** Edit: moderation, encryption, then the request; resolves to whether the change was saved. */
export function useEditEntry() {
  const client = useQueryClient();
  const { support, sealForSave, isPrivate } = useEntryCipher();
  const update = useUpdateEntry();

  const saveEdit = useCallback(
    async ({ id, text, mood, currentMood }: EntryEdit): Promise<boolean> => {
      if (!text.trim()) {
        toast.error(ENTRY_MESSAGES.contentEmpty);
        return false;
      }
      if (!support.isAvailable) {
        toast.error(ENTRY_MESSAGES.encryptionNotAvailable, { description: support.message });
        return false;
      }

      const inBrowser = isPrivate();
      // A private entry is sealed whole, mood included, so an edit that leaves the mood seals the current one.
      const sealedMood = inBrowser && mood === undefined ? (currentMood ?? null) : mood;
      const checked = await checkAndSeal(
        client,
        text,
        (plain) => sealForSave(plain, sealedMood),
        ENTRY_MESSAGES.saveFailed,
        { inBrowser },
      );
      if (!checked) return false;

      try {
        const updated = await update.mutateAsync({ id, ...checked.sealed });
        announceSaved(checked.warning ?? updated.moderation.warning, ENTRY_MESSAGES.updated);
        return true;
      } catch (error) {
        if (isSessionGone(error) || announceServerRefusal(error)) return false;
        if (isApiError(error, 'EDIT_WINDOW_EXPIRED')) {
          toast.error(ENTRY_MESSAGES.editWindowExpired);
        } else {
          toast.error(ENTRY_MESSAGES.updateFailed, { description: errorDescription(error) });
        }
        return false;
      }
    },
    [client, sealForSave, isPrivate, support, update],
  );

  return { saveEdit, support, isSaving: update.isPending };
}
