import type { ImportJob, ImportPreview, ImportReport } from '@daybook/shared';
import { expect } from 'vitest';
import type { TestContext } from './app.ts';
import { multipart } from './media.ts';

/** An export archive uploaded as the import page sends it (one multipart file field): 202 and the import. */
export function uploadImportArchive(ctx: TestContext, cookie: string, archive: Buffer) {
  const body = multipart(archive, { filename: 'export.zip', contentType: 'application/zip' });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

/** The import job, run until nothing waits, as the scheduler runs it every two seconds (ADR 077). */
export const runImportJobs = (ctx: TestContext) => ctx.app.services.imports.runPending();

/** The import as the person's page reads it. */
export async function readImport(ctx: TestContext, cookie: string, id: string): Promise<ImportJob> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/import/${id}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportJob>();
}

/** Uploads an archive and lets the job check it: the import is then 'ready' with its preview, or 'failed'. */
export async function checkImportArchive(
  ctx: TestContext,
  cookie: string,
  archive: Buffer,
): Promise<ImportJob> {
  const uploaded = await uploadImportArchive(ctx, cookie, archive);
  expect(uploaded.statusCode, uploaded.body).toBe(202);
  await runImportJobs(ctx);
  return readImport(ctx, cookie, uploaded.json<ImportJob>().id);
}

/** An archive checked without fault: its preview. */
export async function previewImport(
  ctx: TestContext,
  cookie: string,
  archive: Buffer,
): Promise<ImportPreview> {
  const checked = await checkImportArchive(ctx, cookie, archive);
  expect(checked.error).toBeNull();
  expect(checked.state).toBe('ready');
  return checked.preview!;
}

export const requestConfirm = (ctx: TestContext, cookie: string, id: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/import/${id}/confirm`, headers: { cookie } });

/** Confirms a preview and lets the job write it: the report. */
export async function confirmImport(ctx: TestContext, cookie: string, id: string): Promise<ImportReport> {
  const confirmed = await requestConfirm(ctx, cookie, id);
  expect(confirmed.statusCode, confirmed.body).toBe(202);
  await runImportJobs(ctx);
  const done = await readImport(ctx, cookie, id);
  expect(done.state).toBe('done');
  return done.report!;
}

/** Uploads and confirms an archive, as a person pressing Import after reading the preview. */
export async function importArchive(ctx: TestContext, cookie: string, archive: Buffer) {
  const preview = await previewImport(ctx, cookie, archive);
  return { preview, report: await confirmImport(ctx, cookie, preview.id) };
}
