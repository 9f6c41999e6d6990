import { api, type CreatedEntry, type UpdateEntryInput } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { entriesKeys } from './query-keys.ts';

export function updateEntry({ id, ...input }: UpdateEntryInput & { id: string }): Promise<CreatedEntry> {
  return callApi(api.entries.update, { params: { id }, body: input });
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
