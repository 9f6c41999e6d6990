import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { entries, mediaDrafts, mediaSealing, shareCopies } from '../../db/schema/index.ts';

export type MediaDraftRow = typeof mediaDrafts.$inferSelect;
export type MediaSealingRow = typeof mediaSealing.$inferSelect;

/** The containment probe for an imported entry's further attachment by its file (ADR 088, entries_attachments_idx). */
const attachmentProbe = (filePath: string) => JSON.stringify([{ path: filePath }]);

/** The sealing job's one row (migration 0022). */
const SEALING = 'seal-stored-media';

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

    /** Records the size of a draft's thumbnail (a video's poster), for its entry to carry once claimed. */
    async setDraftThumbnail(userId: string, id: string, size: { width: number; height: number }) {
      const rows = await db
        .update(mediaDrafts)
        .set({ thumbWidth: size.width, thumbHeight: size.height })
        .where(and(eq(mediaDrafts.id, id), eq(mediaDrafts.userId, userId)))
        .returning({ id: mediaDrafts.id });
      return rows.length > 0;
    },

    /** Takes the draft for one entry: of parallel saves with the same draft, exactly one gets the row. */
    async claimOwnedDraft(userId: string, id: string): Promise<MediaDraftRow | null> {
      const [row] = await db
        .delete(mediaDrafts)
        .where(and(eq(mediaDrafts.id, id), eq(mediaDrafts.userId, userId)))
        .returning();
      return row ?? null;
    },

    /** Whether a stored file still belongs to a live entry or a draft (both lookups by index). */
    async isAttached(filePath: string): Promise<boolean> {
      // entries-rule: a file is in use while any entry not deleted points at it, whoever's and of whatever kind.
      const { rows } = await db.execute<{ attached: boolean }>(sql`
        select exists (select 1 from entries where media_url = ${filePath} and deleted_at is null)
            or exists (select 1 from entries where attachments @> ${attachmentProbe(filePath)}::jsonb
                       and attachments is not null and deleted_at is null)
            or exists (select 1 from media_drafts where file_path = ${filePath})
            or exists (select 1 from share_copies where media_path = ${filePath}) as attached`);
      return Boolean(rows[0]?.attached);
    },

    /** Which of these stored files a live entry or a draft refers to. */
    async attachedAmong(filePaths: string[]): Promise<Set<string>> {
      if (filePaths.length === 0) return new Set();
      // entries-rule: as isAttached, by path.
      const live = await db
        .select({ path: entries.mediaUrl })
        .from(entries)
        .where(and(inArray(entries.mediaUrl, filePaths), isNull(entries.deletedAt)));
      const drafts = await db
        .select({ path: mediaDrafts.filePath })
        .from(mediaDrafts)
        .where(inArray(mediaDrafts.filePath, filePaths));
      // A sealed share's media copy (ADR 103) lives as long as its share's row.
      const copies = await db
        .select({ path: shareCopies.mediaPath })
        .from(shareCopies)
        .where(inArray(shareCopies.mediaPath, filePaths));
      // entries-rule: as isAttached, an imported entry's further attachments (ADR 088), one index probe a path.
      const { rows: further } = await db.execute<{ path: string }>(sql`
        select p.path from jsonb_array_elements_text(${JSON.stringify(filePaths)}::jsonb) as p(path)
        where exists (select 1 from entries
          where attachments @> jsonb_build_array(jsonb_build_object('path', p.path))
            and attachments is not null and deleted_at is null)`);
      return new Set(
        [...live, ...drafts, ...copies, ...further].map((r) => r.path).filter((p): p is string => p !== null),
      );
    },

    /**
     * Takes the sealing job for `holder` until `leaseUntil` unless it is finished or another live run holds it:
     * SKIP LOCKED, so of instances asking at once one gets it and the others go on at once.
     */
    async claimSealing(holder: string, now: Date, leaseUntil: Date): Promise<MediaSealingRow | null> {
      const [row] = await db
        .update(mediaSealing)
        .set({ holder, leaseUntil })
        .where(
          eq(
            mediaSealing.name,
            sql`(select name from media_sealing
                 where name = ${SEALING} and finished_at is null
                   and (lease_until is null or lease_until < ${now.toISOString()})
                 for update skip locked)`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * Writes the run's progress while `holder` still holds the job, and holds it on; false when it was lost (the
     * lease ran out and another instance took it), and the run must stop.
     */
    async saveSealing(
      holder: string,
      values: Partial<Omit<MediaSealingRow, 'name' | 'holder'>>,
    ): Promise<boolean> {
      const rows = await db
        .update(mediaSealing)
        .set(values)
        .where(and(eq(mediaSealing.name, SEALING), eq(mediaSealing.holder, holder)))
        .returning({ name: mediaSealing.name });
      return rows.length > 0;
    },

    /** Lets the job go: the next run, on any instance, takes it at once. */
    async releaseSealing(holder: string): Promise<void> {
      await db
        .update(mediaSealing)
        .set({ holder: null, leaseUntil: null })
        .where(and(eq(mediaSealing.name, SEALING), eq(mediaSealing.holder, holder)));
    },

    async sealing(): Promise<MediaSealingRow | null> {
      const [row] = await db.select().from(mediaSealing).where(eq(mediaSealing.name, SEALING));
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
