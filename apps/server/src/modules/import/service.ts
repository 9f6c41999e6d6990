import { createArchiveMedia } from './archive-media.ts';
import { createImportCheck } from './check.ts';
import { createImportContext, type ImportDeps } from './context.ts';
import { createImportJobs } from './jobs.ts';
import { createPrivateImport } from './private-import.ts';
import { createImportRequests } from './requests.ts';
import { createImportStaging } from './staging.ts';
import { createImportWriting } from './writing.ts';

export { importTmpDir } from './context.ts';

/*
 * Import, one part per audience or operation (ADR 100): the person's requests (requests.ts), the job and the
 * sweep (jobs.ts), which run the check (check.ts, over staging.ts and archive-media.ts) and the writing
 * (writing.ts), and a private-mode account's browser-side import (private-import.ts), over one context
 * (context.ts). Routes and jobs see one service, as before.
 */
export function createImportService(deps: ImportDeps) {
  const ctx = createImportContext(deps);
  const { check } = createImportCheck(ctx, createImportStaging(ctx, createArchiveMedia(ctx)));
  const { write } = createImportWriting(ctx);
  return {
    ...createImportRequests(ctx),
    ...createImportJobs(ctx, check, write),
    ...createPrivateImport(ctx),
  };
}

export type ImportService = ReturnType<typeof createImportService>;
