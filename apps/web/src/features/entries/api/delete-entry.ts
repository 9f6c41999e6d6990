import { api, type DeletionLimit } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { removeFromCopy } from './entry-copy.ts';
import { entriesKeys } from './query-keys.ts';

/** Answers with what is left of today's deletions. */
export function deleteEntry(id: string): Promise<DeletionLimit> {
  return callApi(api.entries.remove, { params: { id } });
}

/**
 * `onDeleted` runs once the lists no longer hold the entry. It is the mutation's own callback, not `mutate`'s: the
 * refreshed list unmounts the card, and with it the dialog that asked, which may happen before the answer to the
 * DELETE arrives (another refetch of the list may land first, under load); `mutate`'s callbacks are not called
 * for an unmounted component, and the person was then never told the entry was deleted.
 */
export function useDeleteEntry({ onDeleted }: { onDeleted: () => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteEntry,
    onSuccess: async (limit, id) => {
      client.setQueryData(entriesKeys.deletionLimit(), limit);
      // Gone from the server, gone from the copy kept for reading offline (ADR 084).
      removeFromCopy(id);
      // The days with entries follow in the background; the lists are awaited so that focus moves on from a
      // card that is already gone.
      void client.invalidateQueries({ queryKey: entriesKeys.calendar() });
      await Promise.all([
        client.invalidateQueries({ queryKey: entriesKeys.lists() }),
        client.invalidateQueries({ queryKey: entriesKeys.details() }),
      ]);
      onDeleted();
    },
  });
}
