import { DeletionLimit } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { removeFromCopy } from './entry-copy.ts';
import { entriesKeys } from './query-keys.ts';

/** Answers with what is left of today's deletions. */
export function deleteEntry(id: string): Promise<DeletionLimit> {
  return apiRequest(`/api/entries/${encodeURIComponent(id)}`, { method: 'DELETE', schema: DeletionLimit });
}

export function useDeleteEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteEntry,
    onSuccess: (limit, id) => {
      client.setQueryData(entriesKeys.deletionLimit(), limit);
      // Gone from the server, gone from the copy kept for reading offline (ADR 084).
      removeFromCopy(id);
      // The days with entries follow in the background: awaiting them would let the refreshed list remove
      // the card (and with it the caller's own onSuccess) before the caller hears of the deletion.
      void client.invalidateQueries({ queryKey: entriesKeys.calendar() });
      return Promise.all([
        client.invalidateQueries({ queryKey: entriesKeys.lists() }),
        client.invalidateQueries({ queryKey: entriesKeys.details() }),
      ]);
    },
  });
}
