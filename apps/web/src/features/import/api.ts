import { api, type ImportJob } from '@daybook/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, uploadToApi } from '../../lib/api-client.ts';
import { importKeys, journalKeys } from '../../lib/query-keys.ts';

/*
 * The import API (packages/shared/src/schemas/import.ts): upload an archive, which a job on the server checks
 * (ADR 077); read the import as it goes; confirm it, which a job writes; cancel or dismiss it; list the imports
 * confirmed and remove one as a whole. Every answer is parsed with its shared schema.
 */

/** Sends the archive as multipart (field "archive") with upload progress, 0 to 1; answers with the queued import. */
export function uploadArchive(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImportJob> {
  const form = new FormData();
  form.append('archive', file, file.name);
  return uploadToApi(api.import.upload, { body: form, onProgress, signal });
}

/** While a job works on it, read again every few seconds too, in case the live stream is not open. */
const POLL_MS = 3_000;
const isWorking = (job: ImportJob | null | undefined) =>
  job?.state === 'checking' || job?.state === 'importing';

/** The person's latest import; a live `import` event (lib/live-stream.ts) refreshes it as the job goes. */
export function useCurrentImport() {
  return useQuery({
    queryKey: importKeys.current,
    queryFn: ({ signal }) => callApi(api.import.current, { signal }),
    refetchInterval: (query) => (isWorking(query.state.data) ? POLL_MS : false),
  });
}

/** Shows the import the server answered with at once, before any event about it arrives. */
export function useShowImport() {
  const client = useQueryClient();
  return (job: ImportJob | null) => client.setQueryData(importKeys.current, job);
}

export function useConfirmImport() {
  const show = useShowImport();
  return useMutation({
    mutationFn: (id: string) => callApi(api.import.confirm, { params: { id } }),
    onSuccess: show,
  });
}

/** Cancels a check or an import being written, drops a preview, or dismisses an outcome. */
export function useCancelImport() {
  const show = useShowImport();
  return useMutation({
    mutationFn: (id: string) => callApi(api.import.cancel, { params: { id } }),
    onSuccess: () => show(null),
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
    queryFn: ({ signal }) => callApi(api.import.batches, { signal }),
  });
}

/** Removes an import's entries: every list, calendar, streak and chart may change, so all of them refresh. */
export function useRemoveImportBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.import.removeBatch, { params: { id } }),
    onSuccess: () => client.invalidateQueries(),
  });
}
