import { CreatedEntry, type CreateEntryInput } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { entriesKeys } from './query-keys.ts';

export function createEntry(input: CreateEntryInput): Promise<CreatedEntry> {
  return apiRequest('/api/entries', { method: 'POST', body: input, schema: CreatedEntry });
}

/** Saves an encrypted entry; the list and today's limit are asked for again. */
export function useCreateEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createEntry,
    onSuccess: () => client.invalidateQueries({ queryKey: entriesKeys.all }),
  });
}
