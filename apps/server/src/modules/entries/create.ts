/*
 * Writing a new entry (docs/product: the daily limit, moderation, the media move, the insert) and answering a
 * repeated request from the offline queue with its first result (ADR 041). Apart because it is the one write with
 * an idempotency key, a media claim and the daily limit taken inside its transaction.
 */
import { type CreatedEntry, ENTRY_MESSAGES, localDate, type SessionUser } from '@daybook/shared';
import { queueLiveEvent } from '../../db/live-events.ts';
import { AppError } from '../../lib/errors.ts';
import { ENTRY_CREATION_STEPS, stepTimer } from '../../lib/step-timings.ts';
import type { EntriesContext, NewEntryInput } from './context.ts';
import { toEntry } from './context.ts';
import { ENTRY_USAGE, type EntryLimits, localDay } from './limits.ts';
import { createEntriesRepository, type EntryRow, type NewEntryRow } from './repository.ts';
import type { WriteRules } from './write-rules.ts';

/** Thrown inside the insert's transaction when the idempotency key was taken meanwhile: rolls it back. */
class RepeatedRequest extends Error {}

export function createEntryCreation(ctx: EntriesContext, limits: EntryLimits, rules: WriteRules) {
  const { db, repository, media, clock } = ctx;
  const { dailyLimit } = limits;
  const { requireVersion, checkText, holdKeyFor, sealing } = rules;

  /** The answer to the request that first used this idempotency key, if one did (this user's keys only). */
  async function firstResult(user: SessionUser, clientRequestId: string): Promise<CreatedEntry | null> {
    const row = await repository.findByClientRequest(user.id, clientRequestId);
    return row ? { entry: toEntry(row), moderation: { warning: null } } : null;
  }

  return {
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
  };
}
