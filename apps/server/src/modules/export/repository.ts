import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** A local-day range on entry_date, inclusive at both ends; either end may be open. */
export type DayRange = { from?: string; to?: string };

/** An entry as export reads it: every column the archive keeps, timestamps already as ISO text. */
export type ExportRow = {
  id: string;
  /** created_at to the microsecond, for the keyset (a JavaScript Date would lose the last three digits). */
  cursor: string;
  title: string | null;
  category: string | null;
  encrypted_content: string | null;
  encryption_iv: string | null;
  mood_tag: string | null;
  media_url: string | null;
  content_type: 'text' | 'image' | 'audio' | 'video';
  source_type: 'journal' | 'empty' | 'future_me';
  entry_date: string;
  /** Null for entries from before zones were recorded: the account's zone (ADR 066). */
  time_zone: string | null;
  created_at: string;
  updated_at: string;
  /** Where an imported entry came from; the archive writes it as the entry's identity (ADR 068). */
  import_key: string | null;
  /** An imported entry's further attachments, in order (ADR 088): their stored files and kinds. */
  attachments: { id: string; path: string; kind: 'image' | 'audio' | 'video' | 'pdf' }[] | null;
  /** 2 for a private-mode entry (ADR 094), whose text only the browser opens (ADR 099). */
  encryption_version: number;
  encrypted_mood: string | null;
};

export type ExportCursor = { cursor: string; id: string };

export type ExportTotals = {
  entryCount: number;
  /** Characters of ciphertext (base64): what the text will weigh, roughly, once decrypted. */
  cipherChars: number;
  firstDate: string | null;
  lastDate: string | null;
};

/** The entries module's visibility rule (ADR 021), handed in by services.ts: modules share no repositories. */
export type VisibleEntries = (userId: string) => SQL;

/** What export exports is what the dashboard shows: the owner's visible entries, within the range. */
function exportable(visibleEntriesOf: VisibleEntries, userId: string, range: DayRange): SQL {
  const conditions = [visibleEntriesOf(userId)];
  if (range.from) conditions.push(sql`entry_date >= ${range.from}::date`);
  if (range.to) conditions.push(sql`entry_date <= ${range.to}::date`);
  return sql.join(conditions, sql` and `);
}

const ISO = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export function createExportRepository(db: Executor, visibleEntriesOf: VisibleEntries) {
  const exportableIn = (userId: string, range: DayRange) => exportable(visibleEntriesOf, userId, range);
  return {
    async totals(userId: string, range: DayRange): Promise<ExportTotals> {
      const { rows } = await db.execute<{
        n: number;
        chars: string | number | null;
        first: string | null;
        last: string | null;
      }>(sql`
        select count(*)::int as n, sum(coalesce(length(encrypted_content), 0))::bigint as chars,
               to_char(min(entry_date), 'YYYY-MM-DD') as first, to_char(max(entry_date), 'YYYY-MM-DD') as last
        from entries where ${exportableIn(userId, range)}`);
      const row = rows[0];
      return {
        entryCount: Number(row?.n ?? 0),
        cipherChars: Number(row?.chars ?? 0),
        firstDate: row?.first ?? null,
        lastDate: row?.last ?? null,
      };
    },

    /**
     * One page, oldest first, after the keyset `after` (created_at to the microsecond, then id): pages never skip
     * or repeat a row however long the export takes, and each is one index range scan whatever the offset.
     */
    async page(
      userId: string,
      range: DayRange,
      after: ExportCursor | null,
      limit: number,
    ): Promise<ExportRow[]> {
      const conditions = [exportableIn(userId, range)];
      if (after) conditions.push(sql`(created_at, id) > (${after.cursor}::timestamptz, ${after.id}::uuid)`);
      const { rows } = await db.execute<ExportRow>(sql`
        select id,
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor,
               title, category, encrypted_content, metadata->>'encryption_iv' as encryption_iv, mood_tag,
               media_url, content_type, source_type, to_char(entry_date, 'YYYY-MM-DD') as entry_date,
               time_zone, ${ISO('created_at')} as created_at, ${ISO('updated_at')} as updated_at, import_key,
               attachments, encryption_version, encrypted_mood
        from entries where ${sql.join(conditions, sql` and `)}
        order by created_at, id limit ${limit}`);
      return rows;
    },

    /** Only the media paths of a page (the summary sizes the files without reading any text). */
    async mediaPage(
      userId: string,
      range: DayRange,
      after: ExportCursor | null,
      limit: number,
    ): Promise<{ id: string; cursor: string; media_url: string | null; paths: string[] | null }[]> {
      const conditions = [
        exportableIn(userId, range),
        sql`(media_url is not null or attachments is not null)`,
      ];
      if (after) conditions.push(sql`(created_at, id) > (${after.cursor}::timestamptz, ${after.id}::uuid)`);
      const { rows } = await db.execute<{
        id: string;
        cursor: string;
        media_url: string | null;
        paths: string[] | null;
      }>(sql`
        select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor, media_url,
               (select array_agg(a->>'path') from jsonb_array_elements(attachments) a) as paths
        from entries where ${sql.join(conditions, sql` and `)}
        order by created_at, id limit ${limit}`);
      return rows;
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
