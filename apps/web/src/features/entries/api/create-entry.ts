import { api, type CreatedEntry, type CreateEntryInput } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { entriesKeys } from './query-keys.ts';

export function createEntry(input: CreateEntryInput): Promise<CreatedEntry> {
  return callApi(api.entries.create, { body: input });
}

/** Saves an encrypted entry; the list and today's limit are asked for again. */
export function useCreateEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createEntry,
    onSuccess: () => client.invalidateQueries({ queryKey: entriesKeys.all }),
  });
}
