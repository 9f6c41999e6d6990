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
