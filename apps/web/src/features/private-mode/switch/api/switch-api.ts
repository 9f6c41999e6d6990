import {
  PlainImportKeysPage,
  type PrivateSwitchInput,
  PrivateSwitchStatus,
  type ReEncryptedEntry,
  ReEncryptionPage,
  type ReEncryptionTarget,
  ReEncryptResult,
  type RekeyImportInput,
  RekeyImportResult,
} from '@daybook/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';

/** The switch's endpoints (ADR 097): the signed-in person's own entries and key state, never anyone else's. */
export const SWITCH_PATHS = {
  status: '/api/me/private-mode/switch',
  page: '/api/me/private-mode/re-encryption',
  reEncrypt: '/api/me/private-mode/re-encrypt',
  switchOff: '/api/me/private-mode/switch-off',
  cancelSwitchOff: '/api/me/private-mode/switch-off/cancel',
  finishSwitchOff: '/api/me/private-mode/switch-off/finish',
  importKeys: '/api/me/private-mode/import-keys',
} as const;

/**
 * Under `['private-mode']`: a finished switch off removes the key, so the whole root is refreshed after a run, the
 * private-mode section's own status with it (if it keeps its queries under the same root).
 */
export const switchKeys = {
  all: ['private-mode'] as const,
  status: (userId: string) => [...switchKeys.all, 'switch', userId] as const,
};

export const fetchSwitchStatus = (signal?: AbortSignal) =>
  apiRequest(SWITCH_PATHS.status, { schema: PrivateSwitchStatus, signal });

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
  const query = new URLSearchParams({ to, ...(after ? { after } : {}) });
  return apiRequest(`${SWITCH_PATHS.page}?${query}`, { schema: ReEncryptionPage, signal });
}

/** Entries sealed anew; those another tab already turned come back as skipped. */
export const postReEncrypt = (entries: ReEncryptedEntry[], signal?: AbortSignal) =>
  apiRequest(SWITCH_PATHS.reEncrypt, {
    method: 'POST',
    body: { entries },
    schema: ReEncryptResult,
    signal,
  });

export const postSwitchOff = (body: PrivateSwitchInput) =>
  apiRequest(SWITCH_PATHS.switchOff, { method: 'POST', body, schema: PrivateSwitchStatus });

export const postCancelSwitchOff = (body: PrivateSwitchInput) =>
  apiRequest(SWITCH_PATHS.cancelSwitchOff, { method: 'POST', body, schema: PrivateSwitchStatus });

export const postFinishSwitchOff = (body: PrivateSwitchInput) =>
  apiRequest(SWITCH_PATHS.finishSwitchOff, { method: 'POST', body, schema: PrivateSwitchStatus });

/** Switching on: a page of the entries whose import key is still a plain archive identity, by id after `after`. */
export function fetchPlainImportKeys(
  after: string | null,
  signal?: AbortSignal,
): Promise<PlainImportKeysPage> {
  const query = after ? `?${new URLSearchParams({ after })}` : '';
  return apiRequest(`${SWITCH_PATHS.importKeys}${query}`, { schema: PlainImportKeysPage, signal });
}

/** Those keys renamed to their keyed names; the server skips any renamed meanwhile. */
export const postRekeyImport = (body: RekeyImportInput, signal?: AbortSignal) =>
  apiRequest(SWITCH_PATHS.importKeys, { method: 'POST', body, schema: RekeyImportResult, signal });
