import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { entries } from '../../db/schema/index.ts';

/*
 * The rows a switch into private mode or back re-encrypts (ADR 097). Every statement is scoped to the owner, and
 * reads every one of their rows, deleted ones and future-self deliveries too: a row the server can read is one
 * whatever the list shows of it, so "no version-1 row remains" means none at all.
 */

export type ReEncryptionRow = {
  id: string;
  encryptionVersion: number;
  encryptedContent: string | null;
  encryptionIv: string | null;
  moodTag: string | null;
  encryptedMood: string | null;
};

/** What a re-encryption writes: the text's ciphertext and IV, and the mood under the new version. Nothing else. */
export type ReEncryptedValues = {
  encryptedContent: string;
  encryptionIv: string;
  encryptionVersion: number;
  moodTag: string | null;
  encryptedMood: string | null;
};

export function createReEncryptionRepository(db: Executor) {
  return {
    /** How many of the owner's rows are under each version. */
    async countByVersion(userId: string): Promise<{ readable: number; private: number }> {
      const rows = await db
        .select({ version: entries.encryptionVersion, total: count() })
        .from(entries)
        .where(eq(entries.userId, userId))
        .groupBy(entries.encryptionVersion);
      const of = (version: number) => Number(rows.find((row) => row.version === version)?.total ?? 0);
      return { readable: of(1), private: of(2) };
    },

    /** A page of the owner's rows under `version`, by id after `after`: ids ascend, so the run passes each once. */
    async page(userId: string, version: number, after: string | undefined, limit: number) {
      const rows = await db
        .select({
          id: entries.id,
          encryptionVersion: entries.encryptionVersion,
          encryptedContent: entries.encryptedContent,
          encryptionIv: sql<string | null>`${entries.metadata}->>'encryption_iv'`,
          moodTag: entries.moodTag,
          encryptedMood: entries.encryptedMood,
        })
        .from(entries)
        .where(
          and(
            eq(entries.userId, userId),
            eq(entries.encryptionVersion, version),
            after ? gt(entries.id, after) : undefined,
          ),
        )
        .orderBy(asc(entries.id))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit) as ReEncryptionRow[], hasMore: rows.length > limit };
    },

    /**
     * Replaces the row's ciphertext and mood in place if it is still the owner's and still under `fromVersion`, and
     * answers whether it did. The IV is the only key of `metadata` written; dates, media and attachments are left
     * exactly as they are (updated_at too: the entry was not edited). The old ciphertext and mood are overwritten in
     * this statement, so no copy of them stays.
     */
    async replace(
      userId: string,
      id: string,
      fromVersion: number,
      values: ReEncryptedValues,
    ): Promise<boolean> {
      const updated = await db
        .update(entries)
        .set({
          encryptedContent: values.encryptedContent,
          metadata: sql`${entries.metadata} || jsonb_build_object('encryption_iv', ${values.encryptionIv}::text)`,
          encryptionVersion: values.encryptionVersion,
          moodTag: values.moodTag,
          encryptedMood: values.encryptedMood,
          content: null,
          title: null,
        })
        .where(
          and(eq(entries.userId, userId), eq(entries.id, id), eq(entries.encryptionVersion, fromVersion)),
        )
        .returning({ id: entries.id });
      return updated.length > 0;
    },

    /** Which of these ids are the owner's rows, whatever their version. */
    async ownedIds(userId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: entries.id })
        .from(entries)
        .where(and(eq(entries.userId, userId), inArray(entries.id, [...ids])));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * The owner's entries whose import key is still a plain archive identity (not a keyed `pk:` name, ADR 099),
     * deleted ones too (an import counts them as already there), a page by id after `after`, with how many remain.
     */
    async plainImportKeys(userId: string, after: string | null, limit: number) {
      const plain = and(
        eq(entries.userId, userId),
        sql`${entries.importKey} is not null`,
        sql`${entries.importKey} not like 'pk:%'`,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: entries.id, importKey: entries.importKey })
          .from(entries)
          .where(after ? and(plain, gt(entries.id, after)) : plain)
          .orderBy(asc(entries.id))
          .limit(limit),
        db.select({ total: count() }).from(entries).where(plain),
      ]);
      return {
        items: rows.map((row) => ({ id: row.id, importKey: row.importKey ?? '' })),
        total: Number(total?.total ?? 0),
      };
    },

    /**
     * Renames one entry's import key from `from` to `to`, only the owner's, only while it is still `from`, and only
     * when no other entry of the owner holds `to` (the unique index would refuse it; that entry is then the
     * duplicate a private import already made, and both stay as they are). Answers whether it renamed.
     */
    async rekeyImport(userId: string, id: string, from: string, to: string): Promise<boolean> {
      const rows = await db
        .update(entries)
        .set({ importKey: to })
        .where(
          and(
            eq(entries.userId, userId),
            eq(entries.id, id),
            eq(entries.importKey, from),
            sql`not exists (select 1 from entries taken where taken.user_id = ${userId} and taken.import_key = ${to})`,
          ),
        )
        .returning({ id: entries.id });
      return rows.length > 0;
    },
  };
}

export type ReEncryptionRepository = ReturnType<typeof createReEncryptionRepository>;
