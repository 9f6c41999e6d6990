import { Entry, type EntryKey } from '@daybook/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { openEntryText } from '../../../lib/encryption/entry-cipher.ts';
import type { DecryptedEntry } from './get-entries.ts';
import { entriesKeys } from './query-keys.ts';

/**
 * The signed-in person's entry imported from another journal's entry (ADR 088): where a link between imported
 * entries (`/entry/dayone/<uuid>`) leads. A 404 when they have no such entry.
 */
export function useImportedEntry(userId: string, source: string, ref: string, key: EntryKey | undefined) {
  return useQuery({
    queryKey: [...entriesKeys.details(), userId, 'imported', source, ref],
    queryFn: async ({ signal }): Promise<DecryptedEntry> => {
      if (!key) throw new Error('The entry key is not ready');
      const entry = await apiRequest(
        `/api/entries/imported/${encodeURIComponent(source)}/${encodeURIComponent(ref)}`,
        { schema: Entry, signal },
      );
      return { ...entry, ...(await openEntryText(key, entry, userId)) };
    },
    enabled: key !== undefined,
  });
}
