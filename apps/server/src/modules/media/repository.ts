import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mediaDrafts } from '../../db/schema/index.ts';

export type MediaDraftRow = typeof mediaDrafts.$inferSelect;

export function createMediaRepository(db: Executor) {
  return {
    async insertDraft(values: typeof mediaDrafts.$inferInsert): Promise<MediaDraftRow> {
      const [row] = await db.insert(mediaDrafts).values(values).returning();
      return row!;
    },

    async findOwnedDraft(userId: string, id: string): Promise<MediaDraftRow | null> {
      const [row] = await db
        .select()
        .from(mediaDrafts)
        .where(and(eq(mediaDrafts.id, id), eq(mediaDrafts.userId, userId)));
      return row ?? null;
    },

    async deleteDraft(id: string): Promise<void> {
      await db.delete(mediaDrafts).where(eq(mediaDrafts.id, id));
    },

    /** Claims stale drafts for removal; SKIP LOCKED keeps two instances from taking the same rows. */
    async claimStaleDrafts(olderThan: Date, limit: number): Promise<MediaDraftRow[]> {
      const { rows } = await db.execute<{ id: string; file_path: string }>(sql`
        delete from media_drafts where id in (
          select id from media_drafts where created_at < ${olderThan.toISOString()}
          order by created_at limit ${limit} for update skip locked)
        returning id, file_path`);
      return rows.map((r) => ({ id: r.id, filePath: r.file_path }) as MediaDraftRow);
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
