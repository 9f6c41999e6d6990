import { ImportBatch, ImportBatchRemoval, ImportPreview, ImportReport } from '@daybook/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, apiUpload } from '../../lib/api-client.ts';
import { journalKeys } from '../../lib/query-keys.ts';

/*
 * The import API (packages/shared/src/schemas/import.ts): upload an archive for a preview, then confirm or drop
 * it; list the imports confirmed and remove one as a whole. Every answer is parsed with its shared schema.
 */

const BASE = '/api/import';
const previewPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Sends the archive as multipart (field "archive") with upload progress, 0 to 1. */
export function uploadArchive(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImportPreview> {
  const form = new FormData();
  form.append('archive', file, file.name);
  return apiUpload(`${BASE}/preview`, {
    method: 'POST',
    body: form,
    schema: ImportPreview,
    onProgress,
    signal,
  });
}

/** Imports a preview; every cached list, calendar, streak and chart may change, so all of them refresh. */
export function useConfirmImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${previewPath(id)}/confirm`, { method: 'POST', schema: ImportReport }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useDiscardImport() {
  return useMutation({
    mutationFn: (id: string) => apiRequest(previewPath(id), { method: 'DELETE', schema: z.unknown() }),
  });
}

/**
 * The imports confirmed (ADR 068). Kept under the journal's root: deleting one imported entry changes its batch's
 * count, and the entries feature refreshes that root on every change.
 */
const batchesKey = [...journalKeys.all, 'import-batches'] as const;

export function useImportBatches() {
  return useQuery({
    queryKey: batchesKey,
    queryFn: ({ signal }) => apiRequest(`${BASE}/batches`, { schema: z.array(ImportBatch), signal }),
  });
}

/** Removes an import's entries: every list, calendar, streak and chart may change, so all of them refresh. */
export function useRemoveImportBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${BASE}/batches/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: ImportBatchRemoval,
      }),
    onSuccess: () => client.invalidateQueries(),
  });
}
