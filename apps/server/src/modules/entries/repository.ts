import { addDays, DAYBOOK_KEY_PREFIX } from '@daybook/shared';
import {
  and,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedStatement, statementText } from '../../db/prepared.ts';
import { entries, sharedEntries, usageCounters } from '../../db/schema/index.ts';
import type { StoredAttachment } from '../../db/schema/journal.ts';

export type EntryRow = typeof entries.$inferSelect;

/** An entry id as PostgreSQL's uuid reads it: anything else in an archive's "daybook:<id>" matches no entry. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export type EntryWithShare = EntryRow & { isShared: boolean };

const isShared = sql<boolean>`exists (select 1 from ${sharedEntries} where ${sharedEntries.entryId} = ${entries.id} and ${sharedEntries.status} = 'active')`;

type PageRow = {
  id: string | null;
  user_id: string;
  title: string | null;
  category: string | null;
  content: string | null;
  encrypted_content: string | null;
  encryption_version: number;
  metadata: EntryRow['metadata'] | string;
  mood_tag: string | null;
  encrypted_mood: string | null;
  media_url: string | null;
  media_thumb_width: number | null;
  media_thumb_height: number | null;
  attachments: StoredAttachment[] | string | null;
  content_type: EntryRow['contentType'];
  source_type: EntryRow['sourceType'];
  entry_date: string;
  time_zone: string | null;
  deleted_at: Date | string | null;
  deletion_reason: string | null;
  import_key: string | null;
  import_batch_id: string | null;
  client_request_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  is_shared: boolean;
  total_count: number;
};

function fromPageRow(row: PageRow): EntryWithShare {
  return {
    id: row.id!,
    userId: row.user_id,
    title: row.title,
    category: row.category,
    content: row.content,
    encryptedContent: row.encrypted_content,
    encryptionVersion: row.encryption_version,
    metadata: typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata,
    moodTag: row.mood_tag,
    encryptedMood: row.encrypted_mood,
    mediaUrl: row.media_url,
    mediaThumbWidth: row.media_thumb_width,
    mediaThumbHeight: row.media_thumb_height,
    attachments: typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments,
    contentType: row.content_type,
    sourceType: row.source_type,
    entryDate: row.entry_date,
    timeZone: row.time_zone,
    deletedAt: row.deleted_at === null ? null : new Date(row.deleted_at),
    deletionReason: row.deletion_reason,
    importKey: row.import_key,
    importBatchId: row.import_batch_id,
    clientRequestId: row.client_request_id,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    isShared: row.is_shared,
  };
}

/**
 * The visible-entries rule, written once (ADR 021): the user's own entries that are not deleted and are not
 * Future Me messages. The list, its count, the calendar, edits, deletes and the dashboard benchmark all use it,
 * and so must later readers (the streak). The partial indexes in db/schema/journal.ts carry the same predicate
 * text, which is what lets the planner use them.
 */
export function visibleEntriesOf(userId: string | Placeholder): SQL {
  return sql`user_id = ${userId} and ${visibleEntry()}`;
}

/**
 * The rule alone, for a statement that scopes the owners itself (several users at once, or through a share); the
 * columns of `alias` when the statement names the table so. Other modules get it from services.ts, as they get
 * `visibleEntriesOf`; `npm run lint` fails on a read of entries outside this module without one of them
 * (scripts/architecture.mjs, server/visible-entries-rule).
 */
export function visibleEntry(alias?: string): SQL {
  const column = alias ? `${alias}.` : '';
  return sql.raw(`${column}deleted_at is null and ${column}source_type <> 'future_me'`);
}

/** A day, or a period of instants: what the list and search narrow the journal to. */
type RangeFilter = { date?: string | undefined; from?: Date | undefined; to?: Date | undefined };

/** The user's visible entries within the range. */
function rangeConditions(userId: string | Placeholder, filter: RangeFilter): SQL[] {
  const conditions = [visibleEntriesOf(userId)];
  if (filter.date) conditions.push(sql`entry_date = ${filter.date}`);
  if (filter.from) conditions.push(sql`created_at >= ${filter.from.toISOString()}`);
  if (filter.to) conditions.push(sql`created_at < ${filter.to.toISOString()}`);
  return conditions;
}

/** Where a page of search candidates ends: the last row's created_at to the microsecond, and its id. */
export type CandidatesCursor = { cursor: string; id: string };

/**
 * One page and the exact total in a single round trip (docs/product/entries.md#entries-list: range paging with exact count). Both parts are
 * answered from `entries_user_created_idx`, whose predicate is the visibility rule.
 */
function pageStatement(
  userId: string | Placeholder,
  filter: RangeFilter,
  limit: number | Placeholder,
  offset: number | Placeholder,
): SQL {
  const where = sql.join(rangeConditions(userId, filter), sql` and `);
  return sql`
    with total as (select count(*)::int as n from entries where ${where}),
    page as (
      select ${listColumns}
      from entries where ${where}
      order by created_at desc, id desc limit ${limit} offset ${offset})
    select page.*, total.n as total_count from total left join page on true`;
}

/** The columns of an entry as the dashboard list returns it (PageRow without the total). */
const listColumns = sql`id, user_id, title, category, content, encrypted_content, encryption_version, metadata,
  mood_tag, encrypted_mood, media_url, media_thumb_width, media_thumb_height, attachments, content_type, source_type, to_char(entry_date, 'YYYY-MM-DD') as entry_date,
  time_zone, deleted_at, deletion_reason, import_key, import_batch_id, client_request_id, created_at,
  updated_at, exists (select 1 from shared_entries s where s.entry_id = entries.id and s.status = 'active') as is_shared`;

/**
 * The streak's one statement (ADR 028): the runs of consecutive local dates with visible entries up to `today`
 * (gaps and islands: a date minus its rank is constant along a run), returning only run boundaries: the two
 * latest runs and any ending on or after `since`, each with the longest run of all history as `best`. The
 * distinct dates come from an index-only scan of entries_user_entry_date_idx (user_id, entry_date), whose
 * predicate is the visibility rule; one key per entry, so no other index is needed.
 */
function streakStatement(
  userId: string | Placeholder,
  today: string | Placeholder,
  since: string | Placeholder,
): SQL {
  return sql`
    with days as (
      select distinct entry_date as day from entries
      where ${visibleEntriesOf(userId)} and entry_date <= ${today}::date),
    runs as (
      select min(day) as first_day, max(day) as last_day, count(*)::int as length
      from (select day, day - (row_number() over (order by day))::int as island from days) ranked
      group by island),
    ordered as (
      select first_day, last_day, length,
             row_number() over (order by last_day desc) as recency, max(length) over () as best
      from runs)
    select to_char(first_day, 'YYYY-MM-DD') as first, to_char(last_day, 'YYYY-MM-DD') as last, length, best
    from ordered where recency <= 2 or last_day >= ${since}::date
    order by last_day desc`;
}

/** The streak statement as text and parameters, exactly as `streakRuns` sends it (benchmark, query plan test). */
export function streakQuery(
  userId: string,
  today: string,
  since: string,
): { text: string; params: unknown[] } {
  return statementText(streakStatement(userId, today, since));
}

/** The dashboard's page statement as text and parameters, exactly as `page` sends it (for the benchmark's bare client). */
export function dashboardPageQuery(userId: string, pageSize: number): { text: string; params: unknown[] } {
  return statementText(pageStatement(userId, {}, pageSize, 0));
}

/** The two statements every dashboard load sends, compiled once per database handle (db/prepared.ts). */
function hotStatements(db: Executor) {
  return {
    page: preparedStatement<PageRow>(
      db,
      'daybook_entries_page',
      pageStatement(sql.placeholder('userId'), {}, sql.placeholder('limit'), sql.placeholder('offset')),
    ),
    streak: preparedStatement<StreakRow>(
      db,
      'daybook_streak',
      streakStatement(sql.placeholder('userId'), sql.placeholder('today'), sql.placeholder('since')),
    ),
  };
}

type StreakRow = { first: string; last: string; length: number; best: number };

/** Every query is scoped to its owner: an id of someone else's entry finds nothing. */
/**
 * The count behind writtenInWindowUnderOtherDates, as a subquery both lookups share. Two date ranges, each
 * an index condition of entries_user_date_created_idx (user_id, entry_date, created_at) whatever the table's
 * statistics: a list of dates is left to a filter by the planner on a young table, which then walks every
 * entry of today.
 */
function writtenUnderOtherDates(userId: string, day: string, window: { start: Date; end: Date }) {
  const inRange = (from: string, to: string) => sql`(select count(*)::int from entries
    where user_id = ${userId} and source_type = 'journal' and import_key is null
      and entry_date >= ${from}::date and entry_date <= ${to}::date
      and created_at >= ${window.start.toISOString()}::timestamptz
      and created_at < ${window.end.toISOString()}::timestamptz)`;
  return sql`select ${inRange(addDays(day, -2), addDays(day, -1))} + ${inRange(addDays(day, 1), addDays(day, 2))}`;
}

export type AnalyticsRow = {
  id: string;
  created_at: Date | string;
  cursor: string;
  entry_date: string;
  mood_tag: string | null;
  title: string | null;
  category: string | null;
  encrypted_content: string | null;
  encryption_iv: string | null;
  encryption_version: number;
  encrypted_mood: string | null;
};

/** Visible entries whose local date lies in [from, to] (either end optional). */
function analyticsRange(userId: string, range: { from?: string; to?: string }): SQL {
  const conditions = [visibleEntriesOf(userId)];
  if (range.from) conditions.push(sql`entry_date >= ${range.from}::date`);
  if (range.to) conditions.push(sql`entry_date <= ${range.to}::date`);
  return sql.join(conditions, sql` and `);
}

/** The columns of a new entry row, as the service fills them. */
export type NewEntryRow = typeof entries.$inferInsert;

export function createEntriesRepository(db: Executor) {
  const visible = visibleEntriesOf;
  let compiled: ReturnType<typeof hotStatements> | undefined;
  /** Compiled on first use: a repository made for one transaction never pays for them. */
  const hot = () => {
    compiled ??= hotStatements(db);
    return compiled;
  };

  return {
    async usage(userId: string, kind: string, day: string): Promise<number> {
      const [row] = await db
        .select({ count: usageCounters.count })
        .from(usageCounters)
        .where(
          and(eq(usageCounters.userId, userId), eq(usageCounters.kind, kind), eq(usageCounters.day, day)),
        );
      return row?.count ?? 0;
    },

    /**
     * Counts one use unless `limit` is reached, in one statement: the row lock of ON CONFLICT serialises
     * parallel requests, so 20 at once against a limit of 3 get exactly 3 through. False when refused.
     */
    async consume(userId: string, kind: string, day: string, limit: number): Promise<boolean> {
      const { rows } = await db.execute<{ count: number }>(sql`
        insert into usage_counters (user_id, kind, day, count) values (${userId}, ${kind}, ${day}, 1)
        on conflict (user_id, kind, day) do update set count = usage_counters.count + 1
        where usage_counters.count < ${limit}
        returning count`);
      return rows.length > 0 && limit > 0;
    },

    /**
     * Entries created inside the window of local day `day` (as the user's zone now sees it) but stored under
     * another date, because they were written under another zone. Such an entry lies at most two dates away,
     * so the lookup is two short range scans of entries_user_date_created_idx, empty unless the zone changed.
     */
    async writtenInWindowUnderOtherDates(
      userId: string,
      day: string,
      window: { start: Date; end: Date },
    ): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(
        sql`select (${writtenUnderOtherDates(userId, day, window)}) as n`,
      );
      return rows[0]?.n ?? 0;
    },

    /** Today's use of `kind` as counted, plus the entries written today under other dates: one round trip. */
    async usedToday(
      userId: string,
      kind: string,
      day: string,
      window: { start: Date; end: Date },
    ): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(sql`
        select coalesce((select count from usage_counters
                         where user_id = ${userId} and kind = ${kind} and day = ${day}), 0)
             + (${writtenUnderOtherDates(userId, day, window)}) as n`);
      return rows[0]?.n ?? 0;
    },

    /**
     * Soft-deletes a visible entry in one statement and detaches its media, returning what was there. The row
     * lock makes parallel deletes of one entry wait and then find it gone, so only one of them sees a row.
     */
    async softDelete(
      userId: string,
      id: string,
      now: Date,
      sharedReason: string,
    ): Promise<{
      createdAt: Date;
      mediaUrl: string | null;
      attachments: StoredAttachment[];
      isImported: boolean;
    } | null> {
      const { rows } = await db.execute<{
        created_at: Date | string;
        media_url: string | null;
        attachments: StoredAttachment[] | string | null;
        is_imported: boolean;
      }>(sql`
        with target as (
          select id, media_url, attachments from entries
          where id = ${id} and ${visibleEntriesOf(userId)}
          for update)
        update entries set deleted_at = ${now.toISOString()}, updated_at = ${now.toISOString()}, media_url = null,
          media_thumb_width = null, media_thumb_height = null, attachments = null,
          deletion_reason = case when exists (
            select 1 from shared_entries s where s.entry_id = entries.id and s.status = 'active')
            then ${sharedReason} else null end
        from target where entries.id = target.id
        returning entries.created_at, target.media_url, target.attachments,
          entries.import_key is not null as is_imported`);
      const row = rows[0];
      return row
        ? {
            createdAt: new Date(row.created_at),
            mediaUrl: row.media_url,
            attachments:
              (typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments) ?? [],
            isImported: Boolean(row.is_imported),
          }
        : null;
    },

    async insert(values: typeof entries.$inferInsert): Promise<EntryRow> {
      const [row] = await db.insert(entries).values(values).returning();
      return row!;
    },

    /**
     * Which of these archive identities the user's entries already have (deleted ones too: a deletion is a
     * choice): an imported entry's import key, or "daybook:<id>" of an entry written here (ADR 068).
     */
    async existingImportKeys(userId: string, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const ownIds = keys
        .filter((key) => key.startsWith(DAYBOOK_KEY_PREFIX))
        .map((key) => key.slice(DAYBOOK_KEY_PREFIX.length))
        .filter((id) => UUID.test(id));
      const rows = await db
        .select({ id: entries.id, key: entries.importKey })
        .from(entries)
        .where(
          and(
            eq(entries.userId, userId),
            ownIds.length > 0
              ? or(inArray(entries.importKey, keys), inArray(entries.id, ownIds))
              : inArray(entries.importKey, keys),
          ),
        );
      const wanted = new Set(keys);
      const found = new Set<string>();
      for (const row of rows) {
        if (row.key !== null && wanted.has(row.key)) found.add(row.key);
        if (wanted.has(`${DAYBOOK_KEY_PREFIX}${row.id}`)) found.add(`${DAYBOOK_KEY_PREFIX}${row.id}`);
      }
      return found;
    },

    /** Which of these import keys belong to the user's live entries that have no attachment. */
    async importKeysWithoutMedia(userId: string, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: entries.importKey })
        .from(entries)
        .where(
          and(
            eq(entries.userId, userId),
            inArray(entries.importKey, keys),
            isNull(entries.deletedAt),
            isNull(entries.mediaUrl),
          ),
        );
      return new Set(rows.map((r) => r.key).filter((k): k is string => k !== null));
    },

    /**
     * Gives the user's live imported entry its attachment, if it still has none; false when it has one by now or
     * is gone (the caller then removes the file).
     */
    async attachImportedMedia(
      userId: string,
      importKey: string,
      media: {
        contentType: 'image' | 'audio' | 'video';
        mediaUrl: string;
        thumbnail: { width: number; height: number } | null;
      },
    ): Promise<{ id: string } | null> {
      const [row] = await db
        .update(entries)
        .set({
          contentType: media.contentType,
          mediaUrl: media.mediaUrl,
          mediaThumbWidth: media.thumbnail?.width ?? null,
          mediaThumbHeight: media.thumbnail?.height ?? null,
        })
        .where(
          and(
            eq(entries.userId, userId),
            eq(entries.importKey, importKey),
            isNull(entries.deletedAt),
            isNull(entries.mediaUrl),
          ),
        )
        .returning({ id: entries.id });
      return row ?? null;
    },

    /**
     * Inserts imported entries, skipping any whose import key the user already has (entries_user_import_key_idx,
     * so a parallel import of the same archive adds nothing either). Returns the keys actually inserted.
     */
    async insertImported(
      values: (typeof entries.$inferInsert)[],
    ): Promise<{ id: string; importKey: string }[]> {
      if (values.length === 0) return [];
      const rows = await db
        .insert(entries)
        .values(values)
        .onConflictDoNothing({
          target: [entries.userId, entries.importKey],
          where: sql`import_key is not null`,
        })
        .returning({ id: entries.id, importKey: entries.importKey });
      return rows.map((r) => ({ id: r.id, importKey: r.importKey ?? '' }));
    },

    /**
     * Removes an import batch's entries for good, deleted ones too (ADR 068), with their shares (cascade);
     * returns their ids and the media files they held, which the caller removes once the rows are gone.
     */
    async removeImportBatch(
      userId: string,
      batchId: string,
    ): Promise<{ id: string; mediaUrl: string | null; attachments: StoredAttachment[] | null }[]> {
      return db
        .delete(entries)
        .where(and(eq(entries.userId, userId), eq(entries.importBatchId, batchId)))
        .returning({ id: entries.id, mediaUrl: entries.mediaUrl, attachments: entries.attachments });
    },

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

    /** The user's visible entry imported with this key (a link between imported entries, ADR 088). */
    async findOwnedByImportKey(userId: string, importKey: string): Promise<EntryWithShare | null> {
      const [row] = await db
        .select({ entry: entries, isShared })
        .from(entries)
        .where(and(eq(entries.importKey, importKey), visible(userId)));
      return row ? { ...row.entry, isShared: row.isShared } : null;
    },

    /**
     * Inserts unless the user already has an entry with this idempotency key; null then. A concurrent repeat
     * waits on the unique index for the first to commit and then inserts nothing (ADR 041).
     */
    async insertOnce(
      values: typeof entries.$inferInsert & { clientRequestId: string },
    ): Promise<EntryRow | null> {
      const [row] = await db
        .insert(entries)
        .values(values)
        .onConflictDoNothing({
          target: [entries.userId, entries.clientRequestId],
          where: sql`${entries.clientRequestId} is not null`,
        })
        .returning();
      return row ?? null;
    },

    /** The entry a request with this idempotency key created, deleted or not: a repeat answers with it. */
    async findByClientRequest(userId: string, clientRequestId: string): Promise<EntryWithShare | null> {
      const [row] = await db
        .select({ entry: entries, isShared })
        .from(entries)
        .where(and(eq(entries.userId, userId), eq(entries.clientRequestId, clientRequestId)));
      return row ? { ...row.entry, isShared: row.isShared } : null;
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

    async findOwned(userId: string, id: string): Promise<EntryWithShare | null> {
      const [row] = await db
        .select({ entry: entries, isShared })
        .from(entries)
        .where(and(eq(entries.id, id), visible(userId)));
      return row ? { ...row.entry, isShared: row.isShared } : null;
    },

    async page(userId: string, filter: RangeFilter, limit: number, offset: number) {
      const isUnfiltered = !filter.date && !filter.from && !filter.to;
      const rows = isUnfiltered
        ? await hot().page({ userId, limit, offset })
        : (await db.execute<PageRow>(pageStatement(userId, filter, limit, offset))).rows;
      return { rows: rows.filter((r) => r.id !== null).map(fromPageRow), total: rows[0]?.total_count ?? 0 };
    },

    /**
     * A page of the range's entries after `after`, newest first (keyset on created_at to the microsecond, then
     * id): every page is one range scan of entries_user_created_idx, however deep, and pages never skip or
     * repeat a row while entries are written meanwhile (ADR 069). `next` is null on the last page.
     */
    async candidatesPage(
      userId: string,
      filter: RangeFilter,
      after: CandidatesCursor | null,
      limit: number,
    ): Promise<{ rows: EntryWithShare[]; next: CandidatesCursor | null }> {
      const conditions = rangeConditions(userId, filter);
      if (after) conditions.push(sql`(created_at, id) < (${after.cursor}::timestamptz, ${after.id}::uuid)`);
      const { rows } = await db.execute<Omit<PageRow, 'total_count'> & { cursor: string }>(sql`
        select ${listColumns},
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor
        from entries where ${sql.join(conditions, sql` and `)}
        order by created_at desc, id desc limit ${limit + 1}`);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        rows: page.map((row) => fromPageRow({ ...row, total_count: 0 })),
        next: rows.length > limit && last ? { cursor: last.cursor, id: last.id! } : null,
      };
    },

    /** The visible entries dated `fromDay` or later, newest first, at most `limit` (AI insights and chats). */
    async visibleSince(userId: string, fromDay: string, limit: number) {
      return (
        db
          .select({
            id: entries.id,
            entryDate: entries.entryDate,
            moodTag: entries.moodTag,
            encryptedContent: entries.encryptedContent,
            metadata: entries.metadata,
            createdAt: entries.createdAt,
          })
          .from(entries)
          // Version 1 only: the server cannot read a private entry; AI by consent is still to come (ADR 094).
          .where(and(visible(userId), gte(entries.entryDate, fromDay), eq(entries.encryptionVersion, 1)))
          .orderBy(desc(entries.createdAt), desc(entries.id))
          .limit(limit)
      );
    },

    /** Whether the user has any visible entry: one index probe (the visibility rule's partial index). */
    async hasAny(userId: string): Promise<boolean> {
      const { rows } = await db.execute<{ found: boolean }>(
        sql`select exists(select 1 from entries where ${visible(userId)}) as found`,
      );
      return rows[0]?.found === true;
    },

    /** How many visible entries' local dates lie in [from, to]. */
    async analyticsCount(userId: string, range: { from?: string; to?: string }): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from entries where ${analyticsRange(userId, range)}`,
      );
      return rows[0]?.n ?? 0;
    },

    /**
     * Visible entries whose local date lies in [from, to], oldest first, `limit` after the keyset `after`
     * (created_at to the microsecond, then id), with only the columns analytics reads. The cursor is made
     * in SQL so no precision is lost on the way through JavaScript dates.
     */
    async analyticsPage(
      userId: string,
      range: { from?: string; to?: string },
      after: { createdAt: string; id: string } | null,
      limit: number,
    ): Promise<AnalyticsRow[]> {
      const conditions = [analyticsRange(userId, range)];
      if (after)
        conditions.push(sql`(created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
      const { rows } = await db.execute<AnalyticsRow>(sql`
        select id, created_at,
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor,
               to_char(entry_date, 'YYYY-MM-DD') as entry_date, mood_tag, title, category, encrypted_content,
               metadata->>'encryption_iv' as encryption_iv, encryption_version, encrypted_mood
        from entries where ${sql.join(conditions, sql` and `)}
        order by created_at, id limit ${limit}`);
      return rows;
    },

    /**
     * The plain columns of every visible entry whose local date lies in [from, to], oldest first: what
     * /analytics counts before decrypting. Three arrays in one row rather than a row per entry (a few
     * thousand rows cost several times more on the way out of the database than one row of arrays), and text
     * formatted in SQL, so JavaScript parses no date.
     */
    async analyticsMoods(
      userId: string,
      range: { from?: string; to?: string },
    ): Promise<{ createdAt: string[]; entryDate: string[]; moodTag: Array<string | null> }> {
      const { rows } = await db.execute<{
        created_at: string[];
        entry_date: string[];
        mood_tag: Array<string | null>;
      }>(sql`
        select
          coalesce(array_agg(to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                             order by created_at, id), '{}') as created_at,
          coalesce(array_agg(to_char(entry_date, 'YYYY-MM-DD') order by created_at, id), '{}') as entry_date,
          coalesce(array_agg(mood_tag order by created_at, id), '{}') as mood_tag
        from entries where ${analyticsRange(userId, range)}`);
      const row = rows[0];
      return {
        createdAt: row?.created_at ?? [],
        entryDate: row?.entry_date ?? [],
        moodTag: row?.mood_tag ?? [],
      };
    },

    /** Distinct local dates with entries in [first, last] (calendar markers). */
    async datesWithEntries(userId: string, first: string, last: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ day: entries.entryDate })
        .from(entries)
        .where(and(visible(userId), gte(entries.entryDate, first), lte(entries.entryDate, last)))
        .orderBy(entries.entryDate);
      return rows.map((r) => r.day);
    },

    /** Runs of consecutive days with entries, newest first (see streakStatement), and the longest run ever. */
    async streakRuns(
      userId: string,
      today: string,
      since: string,
    ): Promise<{ runs: { first: string; last: string; length: number }[]; best: number }> {
      const rows = await hot().streak({ userId, today, since });
      return {
        runs: rows.map((r) => ({ first: r.first, last: r.last, length: Number(r.length) })),
        best: Number(rows[0]?.best ?? 0),
      };
    },

    /** The mood tags of visible entries dated in [first, last], newest first (entries_user_entry_date_idx). */
    async moodsBetween(
      userId: string,
      first: string,
      last: string,
      limit: number,
    ): Promise<{ moodTag: string; entryDate: string }[]> {
      const { rows } = await db.execute<{ mood_tag: string; entry_date: string }>(sql`
        select mood_tag, to_char(entry_date, 'YYYY-MM-DD') as entry_date from entries
        where ${visibleEntriesOf(userId)} and entry_date >= ${first}::date and entry_date <= ${last}::date
          and mood_tag is not null
        order by created_at desc, id desc limit ${limit}`);
      return rows.map((r) => ({ moodTag: r.mood_tag, entryDate: r.entry_date }));
    },

    /**
     * The sealed moods of visible private-mode entries dated in [first, last], newest first (ADR 094): the server
     * cannot tell which hold a mood (an empty one is sealed too), so it answers them all, up to `limit`.
     */
    async sealedMoodsBetween(
      userId: string,
      first: string,
      last: string,
      limit: number,
    ): Promise<{ encryptedMood: string; entryDate: string }[]> {
      const { rows } = await db.execute<{ encrypted_mood: string; entry_date: string }>(sql`
        select encrypted_mood, to_char(entry_date, 'YYYY-MM-DD') as entry_date from entries
        where ${visibleEntriesOf(userId)} and entry_date >= ${first}::date and entry_date <= ${last}::date
          and encrypted_mood is not null
        order by created_at desc, id desc limit ${limit}`);
      return rows.map((r) => ({ encryptedMood: r.encrypted_mood, entryDate: r.entry_date }));
    },

    /** The mood tag of the latest visible entry dated `day` that has one. */
    async latestMood(userId: string, day: string): Promise<string | null> {
      const { rows } = await db.execute<{ mood_tag: string }>(sql`
        select mood_tag from entries
        where ${visibleEntriesOf(userId)} and entry_date = ${day}::date and mood_tag is not null
        order by created_at desc, id desc limit 1`);
      return rows[0]?.mood_tag ?? null;
    },

    /** Visible entries dated on any of `dates`, newest date first, at most `limit` (entries_user_entry_date_idx). */
    async onDates(userId: string, dates: readonly string[], limit: number): Promise<EntryWithShare[]> {
      if (dates.length === 0) return [];
      const { rows } = await db.execute<Omit<PageRow, 'total_count'>>(sql`
        select ${listColumns} from entries
        where ${visibleEntriesOf(userId)}
          and entry_date in (${sql.join(
            dates.map((d) => sql`${d}::date`),
            sql`, `,
          )})
        order by entries.entry_date desc, created_at desc, id desc limit ${limit}`);
      return rows.map((row) => fromPageRow({ ...row, total_count: 0 }));
    },

    /** Updates a visible entry; with `createdAfter`, only one still inside its edit window (same statement). */
    /**
     * Removes the user's version-2 entries (ADR 094), when private mode's key is gone for good ("start fresh", ADR
     * 089): nobody can read them any more. Answers the files they held, for removal once this commits.
     */
    async removePrivateEntries(userId: string, version: number): Promise<string[]> {
      const rows = await db
        .delete(entries)
        .where(and(eq(entries.userId, userId), eq(entries.encryptionVersion, version)))
        .returning({ mediaUrl: entries.mediaUrl, attachments: entries.attachments });
      return rows.flatMap((row) => [
        ...(row.mediaUrl ? [row.mediaUrl] : []),
        ...(row.attachments ?? []).map((attachment) => attachment.path),
      ]);
    },

    async update(
      userId: string,
      id: string,
      values: Partial<typeof entries.$inferInsert>,
      createdAfter?: Date,
    ): Promise<EntryRow | null> {
      const [row] = await db
        .update(entries)
        .set(values)
        .where(
          and(
            eq(entries.id, id),
            visible(userId),
            createdAfter ? gt(entries.createdAt, createdAfter) : undefined,
            createdAfter ? isNull(entries.importKey) : undefined,
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export type EntriesRepository = ReturnType<typeof createEntriesRepository>;
