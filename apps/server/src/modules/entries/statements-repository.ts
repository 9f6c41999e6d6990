/*
 * The statements the entries repositories share (ADR 021, ADR 028, ADR 047): the visible-entries rule, an entry's
 * row with its share, the dashboard's page and the streak, compiled once per database handle. Apart because the
 * repository's parts and the benchmarks read the same statements, written once.
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedStatement, statementText } from '../../db/prepared.ts';
import type { StoredAttachment } from '../../db/schema/entries.ts';
import { entries, sharedEntries } from '../../db/schema/index.ts';

export type EntryRow = typeof entries.$inferSelect;

/** An entry id as PostgreSQL's uuid reads it: anything else in an archive's "daybook:<id>" matches no entry. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export type EntryWithShare = EntryRow & { isShared: boolean };

export const isShared = sql<boolean>`exists (select 1 from ${sharedEntries} where ${sharedEntries.entryId} = ${entries.id} and ${sharedEntries.status} = 'active')`;

export type PageRow = {
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

export function fromPageRow(row: PageRow): EntryWithShare {
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
 * and so must later readers (the streak). The partial indexes in db/schema/entries.ts carry the same predicate
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
export type RangeFilter = { date?: string | undefined; from?: Date | undefined; to?: Date | undefined };

/** The user's visible entries within the range. */
export function rangeConditions(userId: string | Placeholder, filter: RangeFilter): SQL[] {
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
export function pageStatement(
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
export const listColumns = sql`id, user_id, title, category, content, encrypted_content, encryption_version, metadata,
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

export type StreakRow = { first: string; last: string; length: number; best: number };

/** The two hot statements of one database handle, compiled on first use. */
export function lazyHotStatements(db: Executor) {
  let compiled: ReturnType<typeof hotStatements> | undefined;
  /** Compiled on first use: a repository made for one transaction never pays for them. */
  return () => {
    compiled ??= hotStatements(db);
    return compiled;
  };
}

export type HotStatements = ReturnType<typeof lazyHotStatements>;

/** The columns of a new entry row, as the service fills them. */
export type NewEntryRow = typeof entries.$inferInsert;
