import {
  api,
  type PlainImportKeysPage,
  type PrivateSwitchInput,
  type ReEncryptedEntry,
  type ReEncryptionPage,
  type ReEncryptionTarget,
  type RekeyImportInput,
} from '@daybook/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/* The switch's endpoints (ADR 097): the signed-in person's own entries and key state, never anyone else's. */

/**
 * Under `['private-mode']`: a finished switch off removes the key, so the whole root is refreshed after a run, the
 * private-mode section's own status with it (if it keeps its queries under the same root).
 */
export const switchKeys = {
  all: ['private-mode'] as const,
  status: (userId: string) => [...switchKeys.all, 'switch', userId] as const,
};

export const fetchSwitchStatus = (signal?: AbortSignal) => callApi(api.privateMode.switchStatus, { signal });

/** Where the account stands and how many entries each version holds: the banner's count, refetched after a run. */
export const switchStatusQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: switchKeys.status(userId),
    queryFn: ({ signal }) => fetchSwitchStatus(signal),
  });

/** A page of the entries still under the version the run turns away from; `after` is the last page's cursor. */
export function fetchReEncryptionPage(
  to: ReEncryptionTarget,
  after: string | null,
  signal?: AbortSignal,
): Promise<ReEncryptionPage> {
  return callApi(api.privateMode.reEncryption, { query: { to, after: after ?? undefined }, signal });
}

/** Entries sealed anew; those another tab already turned come back as skipped. */
export const postReEncrypt = (entries: ReEncryptedEntry[], signal?: AbortSignal) =>
  callApi(api.privateMode.reEncrypt, { body: { entries }, signal });

export const postSwitchOff = (body: PrivateSwitchInput) => callApi(api.privateMode.switchOff, { body });

export const postCancelSwitchOff = (body: PrivateSwitchInput) =>
  callApi(api.privateMode.cancelSwitchOff, { body });

export const postFinishSwitchOff = (body: PrivateSwitchInput) =>
  callApi(api.privateMode.finishSwitchOff, { body });

/** Switching on: a page of the entries whose import key is still a plain archive identity, by id after `after`. */
export function fetchPlainImportKeys(
  after: string | null,
  signal?: AbortSignal,
): Promise<PlainImportKeysPage> {
  return callApi(api.privateMode.plainImportKeys, { query: { after: after ?? undefined }, signal });
}

/** Those keys renamed to their keyed names; the server skips any renamed meanwhile. */
export const postRekeyImport = (body: RekeyImportInput, signal?: AbortSignal) =>
  callApi(api.privateMode.rekeyImport, { body, signal });
