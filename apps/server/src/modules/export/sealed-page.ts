/*
 * A private-mode account's export (ADR 099): its entries a page at a time as stored, with where each file goes in
 * the archive, for its browser to open and build the archive from. Apart because the server reads none of it, and
 * a standard account is refused here.
 */
import {
  EXPORT_MESSAGES,
  type SealedExportPage,
  type SealedExportQuery,
  type SessionUser,
  storedExtension,
} from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';
import { mimeForPath } from '../media/service.ts';

import { EXPORT_LIMITS, type ExportContext } from './context.ts';

export function createSealedExport(ctx: ExportContext) {
  const { repository } = ctx;

  return {
    /**
     * One page of a private-mode account's export, as stored (ADR 099): the browser opens the text and mood and
     * builds the archive itself. The server reads nothing of the text; it names where each file goes in the
     * archive (the same names as its own export) and its type, and the browser fetches the file through the
     * owner's signed link. For private-mode accounts only: a standard account's archive is made here.
     */
    async sealedPage(user: SessionUser, query: SealedExportQuery): Promise<SealedExportPage> {
      if (!(await ctx.isPrivate(user.id)))
        throw new AppError('ENCRYPTION_VERSION_REFUSED', EXPORT_MESSAGES.sealedOnlyPrivate);
      const range = { from: query.from, to: query.to };
      const after =
        query.afterCursor && query.afterId ? { cursor: query.afterCursor, id: query.afterId } : null;
      const rows = await repository.page(user.id, range, after, EXPORT_LIMITS.pageSize);
      return {
        isLast: rows.length < EXPORT_LIMITS.pageSize,
        entries: rows.map((row) => ({
          id: row.id,
          cursor: row.cursor,
          encryptionVersion: row.encryption_version,
          encryptedContent: row.encrypted_content,
          encryptionIv: row.encryption_iv,
          encryptedMood: row.encrypted_mood,
          moodTag: row.mood_tag,
          title: row.title,
          category: row.category,
          contentType: row.content_type,
          sourceType: row.source_type,
          entryDate: row.entry_date,
          timeZone: row.time_zone ?? user.timezone,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
          importKey: row.import_key,
          files: [
            ...(row.media_url
              ? [
                  {
                    attachmentId: null,
                    extension: storedExtension(row.media_url),
                    mimeType: mimeForPath(row.media_url, row.content_type),
                    contentType: row.content_type === 'text' ? ('image' as const) : row.content_type,
                  },
                ]
              : []),
            ...(row.attachments ?? []).map((stored) => ({
              attachmentId: stored.id,
              extension: storedExtension(stored.path),
              mimeType: mimeForPath(stored.path, stored.kind === 'pdf' ? null : stored.kind),
              contentType: stored.kind,
            })),
          ],
        })),
      };
    },
  };
}
