import { CreatedEntry, type UpdateEntryInput } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { entriesKeys } from './query-keys.ts';

export function updateEntry({ id, ...input }: UpdateEntryInput & { id: string }): Promise<CreatedEntry> {
  return apiRequest(`/api/entries/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
    schema: CreatedEntry,
  });
}

export function useUpdateEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateEntry,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: entriesKeys.lists() }),
        client.invalidateQueries({ queryKey: entriesKeys.details() }),
      ]),
  });
}
