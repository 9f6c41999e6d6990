import {
  api,
  deriveImportKeyV2,
  type Entry,
  type EntryKey,
  importAccountKey,
  privateImportName,
} from '@daybook/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiRequestError, callApi } from '../../../lib/api-client.ts';
import { openEntryText } from '../../../lib/encryption/entry-cipher.ts';
import { keptAccountKey } from '../../../lib/private-keys/session-key.ts';
import type { DecryptedEntry } from './get-entries.ts';
import { entriesKeys } from './query-keys.ts';

type ImportedParams = z.input<typeof api.entries.imported.params>;
/** An import name as the server is asked for it; a source it does not know, read from the address, it refuses. */
type Lookup = { source: string; ref: string };

/**
 * Where the server is asked for the entry imported from `source:ref`. In private mode an entry's import name is
 * keyed (ADR 099: `pk:` and an HMAC under the account key, also what switching on renames the server's names to,
 * ADR 097), so this browser names it the same way first; the plain name follows for an entry imported before a
 * switch that has not finished renaming.
 */
async function lookups(userId: string, source: string, ref: string): Promise<Lookup[]> {
  const plain = { source, ref };
  const raw = keptAccountKey(userId);
  if (!raw) return [plain];
  const keyed = await privateImportName(
    await deriveImportKeyV2(await importAccountKey(raw)),
    `${source}:${ref}`,
  );
  return [{ source: 'pk', ref: keyed.slice('pk:'.length) }, plain];
}

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** The first of the names that finds the entry; the last one's answer (a 404 included) otherwise. */
async function firstFound(names: Lookup[], signal: AbortSignal): Promise<Entry> {
  for (const [index, params] of names.entries()) {
    try {
      return await callApi(api.entries.imported, { params: params as ImportedParams, signal });
    } catch (error) {
      if (!isNotFound(error) || index === names.length - 1) throw error;
    }
  }
  throw new Error('No place to ask for the entry');
}

/**
 * The signed-in person's entry imported from another journal's entry (ADR 088): where a link between imported
 * entries (`/entry/dayone/<uuid>`) leads. A 404 when they have no such entry.
 */
export function useImportedEntry(userId: string, source: string, ref: string, key: EntryKey | undefined) {
  return useQuery({
    queryKey: [...entriesKeys.details(), userId, 'imported', source, ref],
    queryFn: async ({ signal }): Promise<DecryptedEntry> => {
      if (!key) throw new Error('The entry key is not ready');
      const entry = await firstFound(await lookups(userId, source, ref), signal);
      return { ...entry, ...(await openEntryText(key, entry, userId)) };
    },
    enabled: key !== undefined,
  });
}
