import { ENTRY_MESSAGES } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { isApiError } from '../../../lib/api-client.ts';
import type { SealedEntryText } from '../../../lib/encryption/entry-cipher.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { type ToastStep, toastInTurn } from '../../../lib/toast-sequence.ts';
import { useUpdateEntry } from '../api/update-entry.ts';
import { announceServerRefusal, checkEntryText, errorDescription, isSignedOutError } from './entry-checks.ts';

export type EntryEdit = {
  id: string;
  text: string;
  /** Left out to keep the entry's mood. */
  mood?: string | null;
};

/** Edit: moderation, encryption, then the request; resolves to whether the change was saved. */
export function useEditEntry() {
  const client = useQueryClient();
  const { support, encrypt } = useEntryCipher();
  const update = useUpdateEntry();

  const saveEdit = useCallback(
    async ({ id, text, mood }: EntryEdit): Promise<boolean> => {
      if (!text.trim()) {
        toast.error(ENTRY_MESSAGES.contentEmpty);
        return false;
      }
      if (!support.isAvailable) {
        toast.error(ENTRY_MESSAGES.encryptionNotAvailable, { description: support.message });
        return false;
      }

      const check = await checkEntryText(client, text);
      if (!check.isAllowed) return false;

      let sealed: SealedEntryText;
      try {
        sealed = await encrypt(text);
      } catch (error) {
        if (!isSignedOutError(error)) {
          toast.error(ENTRY_MESSAGES.saveFailed, { description: errorDescription(error) });
        }
        return false;
      }

      try {
        const updated = await update.mutateAsync({
          id,
          ...sealed,
          ...(mood !== undefined ? { moodTag: mood } : {}),
        });
        const warning = check.warning ?? updated.moderation.warning;
        const steps: ToastStep[] = [
          ...(warning ? [{ kind: 'warning', message: warning } as const] : []),
          { kind: 'success', message: ENTRY_MESSAGES.updated },
        ];
        toastInTurn(steps);
        return true;
      } catch (error) {
        if (isSignedOutError(error) || announceServerRefusal(error)) return false;
        if (isApiError(error, 'EDIT_WINDOW_EXPIRED')) {
          toast.error(ENTRY_MESSAGES.editWindowExpired);
        } else {
          toast.error(ENTRY_MESSAGES.updateFailed, { description: errorDescription(error) });
        }
        return false;
      }
    },
    [client, encrypt, support, update],
  );

  return { saveEdit, support, isSaving: update.isPending };
}
