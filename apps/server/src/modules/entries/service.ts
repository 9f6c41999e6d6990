import {
  ANALYTICS_PAGE_SIZE,
  type AnalyticsEntriesPage,
  type AnalyticsMoods,
  addDays,
  type CalendarMonth,
  type CreatedEntry,
  type DailyEntryLimit,
  type DeletionLimit,
  decryptText,
  EDIT_WINDOW_MS,
  ENCRYPTION,
  ENTRY_LIMITS,
  ENTRY_MESSAGES,
  type Entry,
  type EntryAttachment,
  type EntryPage,
  entryModerationOutcome,
  isEditable,
  localDate,
  MEDIA_MESSAGES,
  PRIVATE_MODE,
  PRIVATE_MODE_MESSAGES,
  PRIVATE_SWITCH_MESSAGES,
  type PrivateSwitchMode,
  type ResealedMedia,
  type ResealMediaQuery,
  type SearchCandidates,
  type SessionUser,
  type SignedMediaUrl,
  type SignedThumbnailUrl,
  startOfDayInZone,
  type UnsealedMedia,
} from '@daybook/shared';
import type { Db, Executor } from '../../db/client.ts';
import { queueLiveEvent } from '../../db/live-events.ts';
import type { StoredAttachment } from '../../db/schema/journal.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import type { TextModerator } from '../../infra/moderation/text-moderator.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { ENTRY_CREATION_STEPS, stepTimer } from '../../lib/step-timings.ts';
import type { MediaService, SealedUpload } from '../media/service.ts';
import type { PlansService } from '../plans/service.ts';
import {
  createEntriesRepository,
  type EntriesRepository,
  type EntryRow,
  type EntryWithShare,
  type NewEntryRow,
} from './repository.ts';

type EncryptedInput = {
  encryptedContent: string;
  encryptionIv: string;
  moodTag?: string | null;
  /** 1 (absent) or 2, private mode's (ADR 094). */
  encryptionVersion?: number | undefined;
  /** Version 2's sealed mood. */
  encryptedMood?: string | undefined;
};
type NewEntryInput = EncryptedInput & { mediaDraftId?: string; clientRequestId?: string; timeZone?: string };

/** Thrown inside the insert's transaction when the idempotency key was taken meanwhile: rolls it back. */
class RepeatedRequest extends Error {}
type ListFilter = { page: number; pageSize: number; date?: string; from?: string; to?: string };

const ENTRY_USAGE = 'entries';

/** An entry from an import, encrypted with the owner's key, with its media already in place. */
export type ImportedEntry = {
  importKey: string;
  encryptedContent: string;
  encryptionIv: string;
  moodTag: string | null;
  timeZone: string;
  entryDate: string;
  createdAt: Date;
  updatedAt: Date;
  contentType: 'text' | 'image' | 'audio' | 'video';
  mediaUrl: string | null;
  /** The size of the image's thumbnail, when it has one (ADR 044). */
  mediaThumbnail: { width: number; height: number } | null;
  /** The further attachments, already in place, in order (ADR 088); empty for most. */
  attachments: StoredAttachment[];
  sourceType: 'journal' | 'empty';
  /** 2 for a private account's import, sealed in the browser with its mood (ADR 099); absent is version 1. */
  encryptionVersion?: number;
  encryptedMood?: string;
};

/** An entry's text decrypted for one request (AI features): never stored or logged by the caller. */
export type ReadableEntry = { id: string; date: string; mood: string | null; text: string; createdAt: Date };

const pageFilter = (filter: Pick<ListFilter, 'date' | 'from' | 'to'>) => ({
  date: filter.date,
  from: filter.from ? new Date(filter.from) : undefined,
  to: filter.to ? new Date(filter.to) : undefined,
});
const DELETION_USAGE = 'entry_deletions';

/**
 * An entry's further attachments as the API names them (ADR 088): their ids and kinds, never their paths, each
 * numbered after the entry's own attachment.
 */
function attachmentsOf(row: Pick<EntryWithShare, 'attachments' | 'contentType'>): EntryAttachment[] {
  const first = row.contentType === 'text' ? 0 : 1;
  return (row.attachments ?? []).map((attachment, index) => ({
    id: attachment.id,
    contentType: attachment.kind,
    hasThumbnail:
      attachment.kind === 'image' || (attachment.kind === 'video' && attachment.thumbWidth !== null),
    number: first + index + 1,
  }));
}

/** Files the entry's further attachments hold, for removal with it (ADR 088). */
export const attachmentPaths = (attachments: readonly StoredAttachment[] | null | undefined) =>
  (attachments ?? []).map((attachment) => attachment.path);

export function toEntry(row: EntryWithShare): Entry {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    encryptedContent: row.encryptedContent,
    encryptionIv: typeof row.metadata.encryption_iv === 'string' ? row.metadata.encryption_iv : null,
    encryptionVersion: row.encryptionVersion,
    moodTag: row.moodTag,
    encryptedMood: row.encryptedMood,
    contentType: row.contentType,
    mediaUrl: row.mediaUrl,
    sourceType: row.sourceType,
    entryDate: row.entryDate,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isShared: row.isShared,
    isImported: row.importKey !== null,
    hasThumbnail: row.mediaThumbWidth !== null,
    attachments: attachmentsOf(row),
    thumbnailSize:
      row.mediaThumbWidth !== null && row.mediaThumbHeight !== null
        ? { width: row.mediaThumbWidth, height: row.mediaThumbHeight }
        : null,
  };
}

export function createEntriesService(deps: {
  db: Db;
  plans: PlansService;
  keys: EntryKeys;
  moderator: TextModerator;
  media: MediaService;
  clock: Clock;
  /**
   * Where the account stands (private-mode's service; ADR 094, ADR 097): standard writes version 1, private writes
   * version 2, and an account switching private mode off may write either while its browser re-encrypts.
   */
  mode: (userId: string) => Promise<PrivateSwitchMode>;
  /**
   * Inside a version-2 write's transaction: holds the account's key row until it commits and answers whether it is
   * still there, so a switch off finishing at that moment either sees the entry or the entry is refused (ADR 097).
   */
  holdKey: (tx: Executor, userId: string) => Promise<boolean>;
}) {
  const { db, plans, keys, moderator, media, clock, mode } = deps;
  const repository = createEntriesRepository(db);

  /**
   * The server reads the text only here, in memory, to hold it to the same rules as the browser (length,
   * moderation) so that a modified client cannot skip them. It is never stored or logged in plain form.
   */
  async function readText(
    user: SessionUser,
    input: EncryptedInput,
    emptyMessage: string,
    isEmptyAllowed = false,
  ): Promise<string> {
    let text: string;
    try {
      text = await keys.decrypt(await keys.keyFor(user.id), {
        ciphertext: input.encryptedContent,
        iv: input.encryptionIv,
      });
    } catch {
      throw new AppError('INVALID_CIPHERTEXT', ENTRY_MESSAGES.invalidCiphertext);
    }
    if (!text.trim() && !isEmptyAllowed) {
      throw new AppError('VALIDATION_FAILED', emptyMessage, { encryptedContent: emptyMessage });
    }
    if (text.length > ENTRY_LIMITS.maxChars) {
      throw new AppError('VALIDATION_FAILED', ENTRY_MESSAGES.tooLong, {
        encryptedContent: ENTRY_MESSAGES.tooLong,
      });
    }
    return text;
  }

  /**
   * The account decides the version (ADR 094): an account in private mode writes only version 2, which the server
   * cannot read, and any other writes only version 1. So a browser holding a key from before a fresh start cannot
   * store what nobody can open, and a browser that did not unlock cannot store text the server could read.
   */
  async function requireVersion(user: SessionUser, input: EncryptedInput): Promise<boolean> {
    const isV2 = input.encryptionVersion === PRIVATE_MODE.encryptionVersion;
    const accountMode = await mode(user.id);
    // Switching off (ADR 097): both, since a tab still unlocked writes version 2 and the run turns it back after.
    if (accountMode === 'switching-off') return isV2;
    if (isV2 && accountMode === 'standard')
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.entryWithoutPrivateMode);
    if (!isV2 && accountMode === 'private')
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.entryNeedsPrivateKey);
    return isV2;
  }

  /** A version-2 write holds the key row in its transaction; without one (a switch off just finished) it is refused. */
  async function holdKeyFor(tx: Executor, userId: string, isV2: boolean): Promise<void> {
    if (isV2 && !(await deps.holdKey(tx, userId)))
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.entryWithoutPrivateMode);
  }

  /**
   * The text rules and moderation where the server can read the text (version 1). A version-2 entry is checked by
   * the browser before it is sealed (the shared classifier and the same limits, ADR 094); the server holds only its
   * ciphertext, whose size the schema already bounds.
   */
  async function checkText(
    user: SessionUser,
    input: EncryptedInput,
    isV2: boolean,
    emptyMessage: string,
    isEmptyAllowed = false,
  ): Promise<string | null> {
    if (isV2) return null;
    const text = await readText(user, input, emptyMessage, isEmptyAllowed);
    return text.trim() ? await moderate(text) : null;
  }

  /** The columns that say how the entry is sealed: version 2's mood sealed, version 1's plain. */
  const sealing = (input: EncryptedInput, isV2: boolean) =>
    isV2
      ? {
          encryptionVersion: PRIVATE_MODE.encryptionVersion,
          moodTag: null,
          encryptedMood: input.encryptedMood ?? null,
        }
      : { encryptionVersion: ENCRYPTION.version, encryptedMood: null };

  /** Blocks high and medium severity with the spec's messages; returns the warning for low. */
  async function moderate(text: string): Promise<string | null> {
    const verdict = await moderator.moderate(text);
    const outcome = entryModerationOutcome(verdict);
    if (outcome.action === 'block') {
      throw new AppError('CONTENT_BLOCKED', outcome.message, undefined, {
        severity: verdict.severity,
        flags: verdict.flags,
        isCrisis: outcome.isCrisis,
      });
    }
    return outcome.action === 'warn' ? outcome.message : null;
  }

  async function ownedEditable(user: SessionUser, id: string): Promise<EntryWithShare> {
    const entry = await repository.findOwned(user.id, id);
    if (!entry) throw new AppError('NOT_FOUND', 'Entry not found');
    // Imported entries are read-only like any past entry, whatever their date (ADR 037).
    if (!isEditable(entry.createdAt, clock.now()) || entry.importKey !== null)
      throw new AppError('EDIT_WINDOW_EXPIRED', ENTRY_MESSAGES.editWindowExpired);
    return entry;
  }

  const today = (user: SessionUser) => localDate(clock.now(), user.timezone);

  /** The answer to the request that first used this idempotency key, if one did (this user's keys only). */
  async function firstResult(user: SessionUser, clientRequestId: string): Promise<CreatedEntry | null> {
    const row = await repository.findByClientRequest(user.id, clientRequestId);
    return row ? { entry: toEntry(row), moderation: { warning: null } } : null;
  }

  /** Today's local date in a zone and the instants it spans there. */
  function localDay(timeZone: string, now: Date) {
    const day = localDate(now, timeZone);
    return {
      day,
      window: {
        start: startOfDayInZone(day, timeZone),
        end: startOfDayInZone(addDays(day, 1), timeZone),
      },
    };
  }

  /**
   * Entries that count against today in a zone: those stored under today's local date (the `entries` usage
   * counter, which deletions never lower), and those written inside today's window there under another zone's
   * date. The first keeps a day spent when a zone change shifts its window; the second keeps a zone change onto
   * another date from opening a fresh day (ADR 016). A new entry is counted in the zone it is written in, which
   * is the zone of its date (ADR 066); asked without one, the account's zone.
   */
  async function entriesToday(userId: string, timeZone: string): Promise<number> {
    const { day, window } = localDay(timeZone, clock.now());
    return repository.usedToday(userId, ENTRY_USAGE, day, window);
  }

  async function dailyLimit(user: SessionUser, timeZone = user.timezone): Promise<DailyEntryLimit> {
    // One after the other: a request holds one pooled connection at a time, so concurrent saves do not
    // queue for the pool behind each other's fan-out.
    const limit = await plans.dailyEntryLimit(user.id);
    const used = await entriesToday(user.id, timeZone);
    return { allowed: used < limit, limit, used };
  }

  async function deletionLimit(user: SessionUser): Promise<DeletionLimit> {
    const limit = ENTRY_LIMITS.dailyDeletionLimit;
    const used = await repository.usage(user.id, DELETION_USAGE, today(user));
    return { allowed: used < limit, remaining: Math.max(0, limit - used), limit };
  }

  return {
    dailyLimit,
    deletionLimit,

    /**
     * Spec order: the daily limit, moderation, the media move, the insert (the limit is taken atomically with
     * it). A failed insert removes the moved file and its draft, so nothing is half-written.
     */
    async create(user: SessionUser, input: NewEntryInput): Promise<CreatedEntry> {
      const { clientRequestId } = input;
      const timer = stepTimer(ENTRY_CREATION_STEPS);
      // A repeat of a request that already succeeded answers with its entry, before any rule: the first
      // request was held to them, and a retry after today's limit was reached must not be refused (ADR 041).
      const first = clientRequestId ? await firstResult(user, clientRequestId) : null;
      if (first) return first;
      timer?.step('repeat check');
      // The writer's zone, or the account's for a client that does not send one (ADR 066).
      const timeZone = input.timeZone ?? user.timezone;
      const limit = await dailyLimit(user, timeZone);
      if (!limit.allowed)
        throw new AppError('DAILY_LIMIT_REACHED', ENTRY_MESSAGES.dailyLimitReached(limit.limit));
      timer?.step('plan and daily limit');
      const isV2 = await requireVersion(user, input);
      const warning = await checkText(user, input, isV2, ENTRY_MESSAGES.empty, Boolean(input.mediaDraftId));
      timer?.step('decrypt, text rules and moderation');
      const now = clock.now();
      const entryDate = localDate(now, timeZone);
      const attached = input.mediaDraftId
        ? await media.claimDraft(user, input.mediaDraftId, entryDate, isV2)
        : null;
      timer?.step('media claim');
      let row: EntryRow;
      try {
        row = await db.transaction(async (tx) => {
          const txRepository = createEntriesRepository(tx);
          await holdKeyFor(tx, user.id, isV2);
          // The counter row of the entry's date is taken in the same transaction as the insert: its row lock
          // serialises parallel requests, so 20 at once against a limit of 3 get exactly 3 through.
          const { window } = localDay(timeZone, now);
          const elsewhere = await txRepository.writtenInWindowUnderOtherDates(user.id, entryDate, window);
          if (!(await txRepository.consume(user.id, ENTRY_USAGE, entryDate, limit.limit - elsewhere))) {
            throw new AppError('DAILY_LIMIT_REACHED', ENTRY_MESSAGES.dailyLimitReached(limit.limit));
          }
          const values: NewEntryRow = {
            userId: user.id,
            title: null,
            content: null,
            encryptedContent: input.encryptedContent,
            metadata: { encryption_iv: input.encryptionIv },
            moodTag: input.moodTag ?? null,
            ...sealing(input, isV2),
            contentType: attached?.contentType ?? 'text',
            mediaUrl: attached?.mediaUrl ?? null,
            mediaThumbWidth: attached?.thumbnail?.width ?? null,
            mediaThumbHeight: attached?.thumbnail?.height ?? null,
            sourceType: 'journal',
            entryDate,
            timeZone,
            // The server's clock, never the browser's: a queued entry is dated when it reaches us (ADR 041).
            createdAt: now,
            updatedAt: now,
          };
          const inserted = clientRequestId
            ? await txRepository.insertOnce({ ...values, clientRequestId })
            : await txRepository.insert(values);
          // A concurrent repeat committed first: undo this one's use of the daily limit.
          if (!inserted) throw new RepeatedRequest();
          // The user's other tabs refresh their streak once this commits.
          await queueLiveEvent(tx, user.id, { type: 'entry', id: inserted.id });
          return inserted;
        });
      } catch (error) {
        await attached?.release();
        const repeated = error instanceof RepeatedRequest && clientRequestId;
        const answer = repeated ? await firstResult(user, clientRequestId) : null;
        if (answer) return answer;
        throw error;
      }
      timer?.step('transaction: limit re-check, insert, commit');
      timer?.publish();
      return { entry: toEntry({ ...row, isShared: false }), moderation: { warning } };
    },

    /** Which of these import keys the user's entries already carry (import: duplicates are skipped). */
    async importedKeys(userId: string, keys: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < keys.length; i += 1000) {
        for (const key of await repository.existingImportKeys(userId, keys.slice(i, i + 1000)))
          found.add(key);
      }
      return found;
    },

    /** Which of these import keys are the user's live entries that have no attachment yet. */
    async importedKeysWithoutMedia(userId: string, keys: string[]): Promise<Set<string>> {
      return repository.importKeysWithoutMedia(userId, keys);
    },

    /**
     * Brings an attachment to the user's imported entry that has none (media an earlier import left out). False
     * when the entry has one by now, or was deleted: the caller removes the file.
     */
    async attachImportedMedia(
      user: SessionUser,
      importKey: string,
      media: Parameters<EntriesRepository['attachImportedMedia']>[2],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const row = await createEntriesRepository(tx).attachImportedMedia(user.id, importKey, media);
        if (row) await queueLiveEvent(tx, user.id, { type: 'entry', id: row.id });
        return row !== null;
      });
    },

    /**
     * Writes one batch of imported entries in one transaction (ADR 037). They keep their own dates, are already
     * encrypted with the user's key, take nothing from the daily entry limit (no usage counter, and the window
     * count leaves imported rows out) and skip any key the user already has. They belong to `batchId`, which can
     * be removed as a whole (ADR 068). Returns the keys written.
     */
    async insertImported(user: SessionUser, rows: ImportedEntry[], batchId: string): Promise<Set<string>> {
      return db.transaction(async (tx) => {
        const inserted = await createEntriesRepository(tx).insertImported(
          rows.map((row) => ({
            userId: user.id,
            title: null,
            content: null,
            encryptedContent: row.encryptedContent,
            encryptionVersion: row.encryptionVersion ?? ENCRYPTION.version,
            encryptedMood: row.encryptedMood ?? null,
            metadata: { encryption_iv: row.encryptionIv },
            moodTag: row.moodTag,
            contentType: row.contentType,
            mediaUrl: row.mediaUrl,
            mediaThumbWidth: row.mediaThumbnail?.width ?? null,
            mediaThumbHeight: row.mediaThumbnail?.height ?? null,
            attachments: row.attachments.length > 0 ? row.attachments : null,
            sourceType: row.sourceType,
            entryDate: row.entryDate,
            timeZone: row.timeZone,
            importKey: row.importKey,
            importBatchId: batchId,
            createdAt: row.createdAt,
            updatedAt: row.updatedAt,
          })),
        );
        const last = inserted.at(-1);
        if (last) await queueLiveEvent(tx, user.id, { type: 'entry', id: last.id });
        return new Set(inserted.map((row) => row.importKey));
      });
    },

    /**
     * Removes every entry an import batch wrote, and their media files (ADR 068): the undo of an import, so
     * neither the edit window nor the daily deletion limit applies. Returns how many entries went.
     */
    async removeImportBatch(user: SessionUser, batchId: string): Promise<number> {
      const removed = await db.transaction(async (tx) => {
        const rows = await createEntriesRepository(tx).removeImportBatch(user.id, batchId);
        const first = rows[0];
        if (first) await queueLiveEvent(tx, user.id, { type: 'entry', id: first.id });
        return rows;
      });
      for (const { mediaUrl, attachments } of removed) {
        if (mediaUrl) await media.discard(mediaUrl);
        for (const path of attachmentPaths(attachments)) await media.discard(path);
      }
      return removed.length;
    },

    async list(user: SessionUser, filter: ListFilter): Promise<EntryPage> {
      const { rows, total } = await repository.page(
        user.id,
        pageFilter(filter),
        filter.pageSize,
        (filter.page - 1) * filter.pageSize,
      );
      return { entries: rows.map(toEntry), total, page: filter.page, pageSize: filter.pageSize };
    },

    /**
     * A page of the range's entries, newest first, from the cursor on: the browser reads every page, decrypts the
     * entries and filters them by search text or theme (ADR 069).
     */
    async searchCandidates(
      user: SessionUser,
      filter: Omit<ListFilter, 'page' | 'pageSize'> & { after?: string | undefined },
    ): Promise<SearchCandidates> {
      const [cursor, id] = filter.after?.split('_') ?? [];
      const { rows, next } = await repository.candidatesPage(
        user.id,
        pageFilter(filter),
        cursor && id ? { cursor, id } : null,
        ENTRY_LIMITS.searchPageSize,
      );
      return { entries: rows.map(toEntry), next: next ? `${next.cursor}_${next.id}` : null };
    },

    /** A page of what /analytics decrypts and charts, oldest first (ADR 030). */
    async analyticsEntries(
      user: SessionUser,
      query: { from?: string; to?: string; cursor?: string },
    ): Promise<AnalyticsEntriesPage> {
      const [createdAt, id] = query.cursor ? query.cursor.split('_') : [];
      const range = { from: query.from, to: query.to };
      const after = createdAt && id ? { createdAt, id } : null;
      const [rows, total] = await Promise.all([
        repository.analyticsPage(user.id, range, after, ANALYTICS_PAGE_SIZE + 1),
        after ? null : repository.analyticsCount(user.id, range),
      ]);
      const page = rows.slice(0, ANALYTICS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        entries: page.map((row) => ({
          id: row.id,
          createdAt: new Date(row.created_at).toISOString(),
          entryDate: row.entry_date,
          moodTag: row.mood_tag,
          title: row.title,
          category: row.category,
          encryptedContent: row.encrypted_content,
          encryptionIv: row.encryption_iv,
          encryptionVersion: row.encryption_version,
          encryptedMood: row.encrypted_mood,
        })),
        nextCursor: rows.length > ANALYTICS_PAGE_SIZE && last ? `${last.cursor}_${last.id}` : null,
        total,
      };
    },

    /** Whether the journal holds any entry yet (the dashboard greets a journal without one as a first visit). */
    hasAny(userId: string): Promise<boolean> {
      return repository.hasAny(userId);
    },

    /** Every visible entry's date, time and mood in one answer, column by column (ADR 048). */
    analyticsMoods(user: SessionUser, query: { from?: string; to?: string }): Promise<AnalyticsMoods> {
      return repository.analyticsMoods(user.id, { from: query.from, to: query.to });
    },

    async calendar(user: SessionUser, month: string): Promise<CalendarMonth> {
      const [year, monthNumber] = month.split('-').map(Number) as [number, number];
      const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
      const dates = await repository.datesWithEntries(
        user.id,
        `${month}-01`,
        `${month}-${String(lastDay).padStart(2, '0')}`,
      );
      return { month, dates };
    },

    /** Runs of consecutive days with the user's visible entries up to `today` (insights: the streak). */
    streakRuns(user: SessionUser, today: string, since: string) {
      return repository.streakRuns(user.id, today, since);
    },

    /** Mood tags of the user's visible entries dated in [first, last], newest first (insights: the mood ring). */
    moodsBetween(user: SessionUser, first: string, last: string, limit: number) {
      return repository.moodsBetween(user.id, first, last, limit);
    },

    /** The sealed moods of the user's private-mode entries dated in [first, last], newest first (ADR 094). */
    sealedMoodsBetween(user: SessionUser, first: string, last: string, limit: number) {
      return repository.sealedMoodsBetween(user.id, first, last, limit);
    },

    /** The mood of the user's latest visible entry dated `day` that has one (insights: current mood). */
    latestMood(user: SessionUser, day: string) {
      return repository.latestMood(user.id, day);
    },

    /** The user's visible entries dated on any of `dates`, newest date first (insights: On This Day). */
    async onDates(user: SessionUser, dates: readonly string[], limit: number): Promise<Entry[]> {
      return (await repository.onDates(user.id, dates, limit)).map(toEntry);
    },

    async get(user: SessionUser, id: string): Promise<Entry> {
      const entry = await repository.findOwned(user.id, id);
      if (!entry) throw new AppError('NOT_FOUND', 'Entry not found');
      return toEntry(entry);
    },

    /** A signed link to an entry's own media; the entry must be the user's and carry a file. */
    /**
     * Replaces the stored file of the user's own entry's attachment (the entry's media, or one further attachment)
     * with the same file sealed under the account key in the browser (switching private mode on, ADR 096); its
     * thumbnail's size is recorded when one came with it.
     */
    async resealMedia(
      user: SessionUser,
      id: string,
      query: ResealMediaQuery,
      upload: SealedUpload,
    ): Promise<ResealedMedia> {
      const found = await repository.findOwned(user.id, id);
      const attachment = query.attachmentId
        ? found?.attachments?.find((a) => a.id === query.attachmentId)
        : null;
      const storagePath = query.attachmentId ? attachment?.path : found?.mediaUrl;
      if (!found || !storagePath) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      const thumb = { width: query.thumbWidth, height: query.thumbHeight };
      const { resealed, thumbnail } = await media.resealStored(user, storagePath, upload, thumb);
      if (resealed && query.attachmentId) {
        await repository.setAttachmentThumbnailSize(user.id, id, query.attachmentId, thumbnail);
      } else if (resealed) {
        await repository.setThumbnailSize(user.id, id, storagePath, thumbnail);
      }
      return { resealed };
    },

    /**
     * Switching private mode off (ADR 097, amended): the user's own entry's attachment, sealed under the account
     * key in the browser (ADR 096), sent back opened, is sealed under the server's key in its place. Only while the
     * account is switching off: in private mode a readable copy is exactly what must not be stored.
     */
    async unsealMedia(
      user: SessionUser,
      id: string,
      query: ResealMediaQuery,
      upload: SealedUpload,
    ): Promise<UnsealedMedia> {
      const found = await repository.findOwned(user.id, id);
      const attachment = query.attachmentId
        ? found?.attachments?.find((a) => a.id === query.attachmentId)
        : null;
      const storagePath = query.attachmentId ? attachment?.path : found?.mediaUrl;
      if (!found || !storagePath) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      if ((await mode(user.id)) !== 'switching-off')
        throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_SWITCH_MESSAGES.unsealNotSwitchingOff);
      const thumb = { width: query.thumbWidth, height: query.thumbHeight };
      const { unsealed, thumbnail } = await media.unsealStored(storagePath, upload, thumb);
      if (unsealed && query.attachmentId) {
        await repository.setAttachmentThumbnailSize(user.id, id, query.attachmentId, thumbnail);
      } else if (unsealed) {
        await repository.setThumbnailSize(user.id, id, storagePath, thumbnail);
      }
      return { unsealed };
    },

    async signedMediaUrl(user: SessionUser, id: string): Promise<SignedMediaUrl> {
      const found = await repository.findOwned(user.id, id);
      if (!found) throw new AppError('NOT_FOUND', 'Entry not found');
      const entry = toEntry(found);
      if (!entry.mediaUrl || entry.contentType === 'text')
        throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      return media.signedUrl(entry.mediaUrl, entry.contentType);
    },

    /**
     * The user's visible entry imported from `importKey` ("dayone:<uuid>"): where a link between imported entries
     * leads (ADR 088). Another user's entry, a deleted one and a key never imported all answer as not found.
     */
    async byImportKey(user: SessionUser, importKey: string): Promise<Entry> {
      const entry = await repository.findOwnedByImportKey(user.id, importKey);
      if (!entry) throw new AppError('NOT_FOUND', 'Entry not found');
      return toEntry(entry);
    },

    /**
     * A signed link to one of the further attachments of the user's own entry (ADR 088). The attachment is found
     * through the entry, so another user's, a deleted entry's or an unknown one answers as an unknown id does.
     */
    async signedAttachmentUrl(user: SessionUser, id: string, attachmentId: string): Promise<SignedMediaUrl> {
      const attachment = (await repository.findOwned(user.id, id))?.attachments?.find(
        (a) => a.id === attachmentId,
      );
      if (!attachment) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      return media.signedUrl(attachment.path, attachment.kind === 'pdf' ? null : attachment.kind);
    },

    /** The thumbnail of a further image (or a video's poster) of the user's own entry (ADR 044, ADR 088). */
    async signedAttachmentThumbnailUrl(
      user: SessionUser,
      id: string,
      attachmentId: string,
    ): Promise<SignedThumbnailUrl> {
      const attachment = (await repository.findOwned(user.id, id))?.attachments?.find(
        (a) => a.id === attachmentId,
      );
      const known =
        attachment?.thumbWidth != null && attachment.thumbHeight != null
          ? { width: attachment.thumbWidth, height: attachment.thumbHeight }
          : null;
      if (!attachment || !(attachment.kind === 'image' || (attachment.kind === 'video' && known)))
        throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      const { isNew, ...signed } = await media.signedThumbnailUrl(attachment.path, known);
      if (isNew) await repository.setAttachmentThumbnailSize(user.id, id, attachmentId, signed);
      return signed;
    },

    /**
     * A signed link to the thumbnail of the user's own image entry (ADR 044), or the poster of a video entry.
     * Another user's entry, a deleted one and one without either all answer as an unknown id does. An image stored before thumbnails gets its
     * thumbnail now, and its size is recorded so that this happens once.
     */
    async signedThumbnailUrl(user: SessionUser, id: string): Promise<SignedThumbnailUrl> {
      const entry = await repository.findOwned(user.id, id);
      const known =
        entry?.mediaThumbWidth != null && entry.mediaThumbHeight != null
          ? { width: entry.mediaThumbWidth, height: entry.mediaThumbHeight }
          : null;
      // An image's thumbnail can always be made from it; a video has one only when its browser sent a poster.
      const hasThumbnail =
        entry?.contentType === 'image' || (entry?.contentType === 'video' && known !== null);
      if (!entry?.mediaUrl || !hasThumbnail) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
      const { isNew, ...signed } = await media.signedThumbnailUrl(entry.mediaUrl, known);
      if (isNew) await repository.setThumbnailSize(user.id, id, entry.mediaUrl, signed);
      return signed;
    },

    async update(user: SessionUser, id: string, input: EncryptedInput): Promise<CreatedEntry> {
      const existing = await ownedEditable(user, id);
      const isV2 = await requireVersion(user, input);
      const warning = await checkText(user, input, isV2, ENTRY_MESSAGES.contentEmpty);
      const now = clock.now();
      // The window is checked again in the write itself: moderation takes time and the window may close.
      const row = await db.transaction(async (tx) => {
        await holdKeyFor(tx, user.id, isV2);
        const updated = await createEntriesRepository(tx).update(
          user.id,
          id,
          {
            content: null,
            encryptedContent: input.encryptedContent,
            metadata: { ...existing.metadata, encryption_iv: input.encryptionIv },
            ...(input.moodTag !== undefined ? { moodTag: input.moodTag } : {}),
            // An edit seals the whole entry again under the account's version, mood included.
            ...sealing(input, isV2),
            updatedAt: now,
          },
          new Date(now.getTime() - EDIT_WINDOW_MS),
        );
        if (updated) await queueLiveEvent(tx, user.id, { type: 'entry', id });
        return updated;
      });
      if (!row) {
        const current = await repository.findOwned(user.id, id);
        if (current) throw new AppError('EDIT_WINDOW_EXPIRED', ENTRY_MESSAGES.editWindowExpired);
        throw new AppError('NOT_FOUND', 'Entry not found');
      }
      return { entry: toEntry({ ...row, isShared: existing.isShared }), moderation: { warning } };
    },

    /**
     * Soft delete within the edit window (an imported entry at any time, ADR 068), at most 5 a day; the reason
     * records whether the entry was shared.
     * One transaction: the delete itself comes first and decides (a second, parallel delete of the same entry
     * finds nothing and spends nothing), then the credit is taken; a refused credit or a closed window rolls
     * the delete back. The media file goes once the row no longer points at it (ADR 016).
     */
    async remove(user: SessionUser, id: string): Promise<DeletionLimit> {
      const now = clock.now();
      const removed = await db.transaction(async (tx) => {
        const txRepository = createEntriesRepository(tx);
        const row = await txRepository.softDelete(user.id, id, now, ENTRY_MESSAGES.sharedDeletionReason);
        if (!row) throw new AppError('NOT_FOUND', 'Entry not found');
        if (!row.isImported && !isEditable(row.createdAt, now))
          throw new AppError('EDIT_WINDOW_EXPIRED', ENTRY_MESSAGES.editWindowExpired);
        const isAllowed = await txRepository.consume(
          user.id,
          DELETION_USAGE,
          localDate(now, user.timezone),
          ENTRY_LIMITS.dailyDeletionLimit,
        );
        if (!isAllowed) throw new AppError('DELETION_LIMIT_REACHED', ENTRY_MESSAGES.deletionLimitReached);
        await queueLiveEvent(tx, user.id, { type: 'entry', id });
        return row;
      });
      if (removed.mediaUrl) await media.discard(removed.mediaUrl);
      for (const path of attachmentPaths(removed.attachments)) await media.discard(path);
      return deletionLimit(user);
    },

    /**
     * The owner's visible entries dated `fromDay` or later, newest first, decrypted in memory for one AI request
     * the owner made (docs/design.md#design-encryption); the caller neither stores nor logs the text. An entry that does not
     * decrypt counts with empty text.
     */
    async readableSince(userId: string, fromDay: string, limit: number): Promise<ReadableEntry[]> {
      const rows = await repository.visibleSince(userId, fromDay, limit);
      const key = await keys.keyFor(userId);
      return Promise.all(
        rows.map(async (row) => {
          const iv = row.metadata.encryption_iv;
          let text = '';
          if (row.encryptedContent && typeof iv === 'string') {
            try {
              text = await decryptText(key, { ciphertext: row.encryptedContent, iv });
            } catch {
              text = '';
            }
          }
          return { id: row.id, date: row.entryDate, mood: row.moodTag, text, createdAt: row.createdAt };
        }),
      );
    },
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
