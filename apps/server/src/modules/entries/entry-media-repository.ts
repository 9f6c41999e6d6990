/*
 * The media columns of the owner's entries (ADR 044, ADR 088, ADR 096, ADR 097): the thumbnail sizes recorded
 * once one is made or sealed again, and every stored file the entries point at. Apart because these touch only
 * where an entry's files are, never its text.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { StoredAttachment } from '../../db/schema/entries.ts';
import { entries } from '../../db/schema/index.ts';

export function createEntryMediaRepository(db: Executor) {
  return {
    /**
     * Records the thumbnail made on request for an imported entry's further image (ADR 088), while the entry still
     * has that attachment.
     */
    async setAttachmentThumbnailSize(
      userId: string,
      id: string,
      attachmentId: string,
      size: { width: number; height: number } | null,
    ): Promise<void> {
      // null: the attachment has no thumbnail any more (re-sealed without one, ADR 096).
      await db.execute(sql`
        update entries set attachments = (
          select jsonb_agg(case when a->>'id' = ${attachmentId}
            then a || jsonb_build_object('thumbWidth', ${size?.width ?? null}::int, 'thumbHeight', ${size?.height ?? null}::int)
            else a end order by n)
          from jsonb_array_elements(entries.attachments) with ordinality as t(a, n))
        where id = ${id} and user_id = ${userId} and attachments is not null`);
    },

    /**
     * Every stored file the user's entries point at, deleted and delivered ones included (an entry's media and its
     * further attachments; thumbnails sit beside them): what a finished switch off must find no longer sealed under
     * the account key (ADR 097, amended).
     */
    async storedMediaPaths(userId: string): Promise<string[]> {
      const rows = await db
        .select({ mediaUrl: entries.mediaUrl, attachments: entries.attachments })
        .from(entries)
        .where(
          and(
            eq(entries.userId, userId),
            or(sql`${entries.mediaUrl} is not null`, sql`${entries.attachments} is not null`),
          ),
        );
      return rows.flatMap((row) => {
        const attachments: StoredAttachment[] =
          (typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments) ?? [];
        return [...(row.mediaUrl ? [row.mediaUrl] : []), ...attachments.map((a) => a.path)];
      });
    },

    /** Records the thumbnail made for an image stored before thumbnails, while the entry still has that image. */
    async setThumbnailSize(
      userId: string,
      id: string,
      mediaUrl: string,
      size: { width: number; height: number } | null,
    ): Promise<void> {
      await db
        .update(entries)
        .set({ mediaThumbWidth: size?.width ?? null, mediaThumbHeight: size?.height ?? null })
        .where(and(eq(entries.id, id), eq(entries.userId, userId), eq(entries.mediaUrl, mediaUrl)));
    },
  };
}
