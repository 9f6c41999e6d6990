import { createExportArchive } from './archive.ts';
import { createArchiveRows } from './archive-rows.ts';
import { createExportContext, type ExportDeps } from './context.ts';
import { createSealedExport } from './sealed-page.ts';
import { createExportSummary } from './summary.ts';

export type { ExportArchive } from './archive.ts';
export { EXPORT_LIMITS } from './context.ts';

/*
 * Export, one part per audience or operation (ADR 100): the summary (summary.ts), a standard account's archive
 * (archive.ts, over archive-rows.ts) and a private account's sealed pages (sealed-page.ts), over one context
 * (context.ts). Routes see one service, as before.
 */
export function createExportService(deps: ExportDeps) {
  const ctx = createExportContext(deps);
  return {
    ...createExportSummary(ctx),
    ...createSealedExport(ctx),
    ...createExportArchive(ctx, createArchiveRows(ctx)),
  };
}

export type ExportService = ReturnType<typeof createExportService>;
