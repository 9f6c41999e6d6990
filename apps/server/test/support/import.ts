import type { ImportPreview, ImportReport } from '@daybook/shared';
import { expect } from 'vitest';
import type { TestContext } from './app.ts';
import { multipart } from './media.ts';

/** An export archive uploaded for a preview, as the import page sends it (one multipart file field). */
export function uploadImportArchive(ctx: TestContext, cookie: string, archive: Buffer) {
  const body = multipart(archive, { filename: 'export.zip', contentType: 'application/zip' });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/import/preview',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

export const confirmImport = (ctx: TestContext, cookie: string, id: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/import/${id}/confirm`, headers: { cookie } });

/** Uploads and confirms an archive, as a person pressing Import after reading the preview. */
export async function importArchive(ctx: TestContext, cookie: string, archive: Buffer) {
  const preview = await uploadImportArchive(ctx, cookie, archive);
  expect(preview.statusCode, preview.body).toBe(201);
  const report = await confirmImport(ctx, cookie, preview.json<ImportPreview>().id);
  expect(report.statusCode, report.body).toBe(200);
  return { preview: preview.json<ImportPreview>(), report: report.json<ImportReport>() };
}
