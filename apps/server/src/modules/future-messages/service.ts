import {
  decryptText,
  ENCRYPTION,
  FUTURE_MESSAGE_LIMITS,
  FUTURE_MESSAGE_MESSAGES,
  type FutureMessage,
  type FutureMessageEmailCopy,
  type FutureMessagePage,
  type FutureMessageStatus,
  futureMessageTextProblems,
  isSealedEmpty,
  PRIVATE_MODE,
  PRIVATE_MODE_MESSAGES,
  PRIVATE_SWITCH_MESSAGES,
  type PrivateSwitchMode,
  type ScheduleFutureMessageInput,
  SEALED_FUTURE_MESSAGE_MAX_CHARS,
  type SealFutureMessagePrivatelyInput,
  type SealFutureMessageReadablyInput,
  type SessionUser,
} from '@daybook/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import { enqueueMails } from '../../infra/mail/outbox.ts';
import { futureMessageMail, futureMessageNoticeMail, type RenderedMail } from '../../infra/mail/templates.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyUser } from '../notifications/service.ts';
import type { PlansService } from '../plans/service.ts';
import type { SendingLimits } from '../sending-limits/service.ts';
import {
  createFutureMessagesRepository,
  type DueMessage,
  EMAIL_COPY_KEY,
  type FutureMessageRow,
} from './repository.ts';

/** How the delivery job works through due messages (ADR 025). */
export const FUTURE_MESSAGE_DELIVERY = {
  /** Messages claimed and committed together. */
  batchSize: 100,
  /** Batches one run may take, so a backlog never holds a run for long; the next minute's run goes on. */
  maxBatchesPerRun: 50,
  /** Wait after the first failed attempt; doubles after each further one, at most an hour. */
  retryAfterSeconds: 60,
} as const;

/** Kept as the failure reason; like every reason it holds none of the message's text. */
export const FAILURE_REASONS = {
  ownerUnavailable: 'owner unavailable',
  undecryptable: 'the message could not be decrypted with the owner key',
  unrenderable: 'the e-mail could not be prepared',
  unqueueable: 'the delivery could not be written',
} as const;

/** The in-app notification's title: neutral, since the notifications table holds no message text. */
export const FUTURE_MESSAGE_NOTIFICATION_TITLE = 'A message from your past self';

const INVALID_CIPHERTEXT = 'The message could not be read. Please try again.';
const NOT_FOUND = 'Message not found';
const NOT_PENDING = 'Only a pending message can be cancelled';

/**
 * Test seams for the delivery job: each is awaited inside the delivery transaction, so a throw there is a crash
 * at that point (everything the transaction wrote is rolled back, as when the process dies).
 */
export type DeliveryFaults = {
  /** After the claim, before anything is queued: a crash between claim and send. */
  afterClaim?(ids: string[]): unknown;
  /** After the e-mails and notifications are written, before the messages are marked sent. */
  afterSend?(ids: string[]): unknown;
};

export type DeliveryReport = { processed: number; sent: number; retrying: number; failed: number };

/** A private letter's e-mail copy as stored in `metadata` (version-1 sealed, ADR 098), or null. */
type StoredEmailCopy = {
  encrypted_title: string;
  title_encryption_iv: string;
  encrypted_content: string;
  encryption_iv: string;
};

function emailCopyOf(metadata: Record<string, unknown>): StoredEmailCopy | null {
  const copy = metadata[EMAIL_COPY_KEY];
  if (!copy || typeof copy !== 'object') return null;
  const fields = copy as Record<string, unknown>;
  const keys = ['encrypted_title', 'title_encryption_iv', 'encrypted_content', 'encryption_iv'] as const;
  return keys.every((key) => typeof fields[key] === 'string') ? (copy as StoredEmailCopy) : null;
}

export function toFutureMessage(row: FutureMessageRow): FutureMessage {
  const text = (key: string) => (typeof row.metadata[key] === 'string' ? (row.metadata[key] as string) : '');
  return {
    id: row.id,
    encryptedContent: row.encryptedContent,
    encryptionIv: text('encryption_iv'),
    encryptedTitle: text('encrypted_title'),
    titleEncryptionIv: text('title_encryption_iv'),
    sendAt: row.sendAt.toISOString(),
    status: row.status,
    deliveryChannel: row.deliveryChannel,
    sentAt: row.sentAt?.toISOString() ?? null,
    failureReason: row.status === 'failed' ? row.lastError : null,
    createdAt: row.createdAt.toISOString(),
    encryptionVersion: row.encryptionVersion,
    hasEmailCopy: emailCopyOf(row.metadata) !== null,
  };
}

type Prepared =
  | { kind: 'deliver'; message: DueMessage; mail: (RenderedMail & { to: string }) | null; notify: boolean }
  | { kind: 'fail'; message: DueMessage; reason: string; isPermanent: boolean };

export function createFutureMessagesService(deps: {
  db: Db;
  plans: PlansService;
  limits: SendingLimits;
  keys: EntryKeys;
  clock: Clock;
  appUrl: string;
  /** Whether the account is in private mode (ADR 089): it then writes version-2 letters only (ADR 098). */
  isPrivate: (userId: string) => Promise<boolean>;
  /** Where the account stands (ADR 097): a private letter is turned back to version 1 only while switching off. */
  mode: (userId: string) => Promise<PrivateSwitchMode>;
  faults?: DeliveryFaults;
}) {
  const { db, plans, limits, keys, clock, faults } = deps;
  const repository = createFutureMessagesRepository(db);
  const dateFormats = new Map<string, Intl.DateTimeFormat>();

  /** "22 November 2026" in the owner's zone (UTC when the stored zone is not one Intl knows). */
  function dayLabel(date: Date, timeZone: string): string {
    let format = dateFormats.get(timeZone);
    if (!format) {
      try {
        format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone });
      } catch {
        format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
      }
      dateFormats.set(timeZone, format);
    }
    return format.format(date);
  }

  /**
   * Reads subject and message with the user's key, in memory, to hold them to the same limits as the browser
   * (a modified client cannot store what the dialog would refuse, nor something the job could never decrypt):
   * a version-1 letter, or a private letter's e-mail copy, the one part of it the server may read.
   */
  async function checkText(user: SessionUser, sealed: FutureMessageEmailCopy): Promise<void> {
    const key = await keys.keyFor(user.id);
    const read = async (part: { encryptedContent: string; encryptionIv: string }) => {
      try {
        return await decryptText(key, { ciphertext: part.encryptedContent, iv: part.encryptionIv });
      } catch {
        throw new AppError('INVALID_CIPHERTEXT', INVALID_CIPHERTEXT);
      }
    };
    const [subject, message] = [await read(sealed.subject), await read(sealed.message)];
    throwProblems(futureMessageTextProblems(subject, message));
  }

  function throwProblems(fields: Partial<Record<'subject' | 'message', string>>): void {
    const first = fields.subject ?? fields.message;
    if (first) throw new AppError('VALIDATION_FAILED', first, fields);
  }

  /**
   * What the server can still check of a private letter it cannot read (ADR 098): that neither part is empty and
   * that neither is longer than its character limit could seal to. The browser holds the exact rules before it
   * seals (`futureMessageTextProblems`).
   */
  function checkSealedSizes(input: {
    subject: { encryptedContent: string };
    message: { encryptedContent: string };
  }) {
    const fields: Partial<Record<'subject' | 'message', string>> = {};
    for (const part of ['subject', 'message'] as const) {
      const sealed = input[part].encryptedContent;
      if (isSealedEmpty(sealed)) fields[part] = FUTURE_MESSAGE_MESSAGES.missingFields;
      else if (sealed.length > SEALED_FUTURE_MESSAGE_MAX_CHARS[part])
        fields[part] =
          part === 'subject'
            ? FUTURE_MESSAGE_MESSAGES.subjectTooLong
            : FUTURE_MESSAGE_MESSAGES.messageTooLong;
    }
    throwProblems(fields);
  }

  /**
   * The account decides the version, as for entries (ADR 094): an account in private mode schedules only letters
   * the server cannot read, any other only version 1 (a version-2 letter from an account without a key is one
   * nobody could ever open). 409 `ENCRYPTION_VERSION_REFUSED`, each with its own message.
   */
  async function requireVersion(user: SessionUser, version: number | undefined): Promise<boolean> {
    const isV2 = version === PRIVATE_MODE.encryptionVersion;
    const isAccountPrivate = await deps.isPrivate(user.id);
    if (isV2 && !isAccountPrivate)
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.futureMessageWithoutPrivateMode);
    if (!isV2 && isAccountPrivate)
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.futureMessageNeedsPrivateKey);
    return isV2;
  }

  function checkSendTime(sendAt: Date, now: Date): void {
    if (sendAt.getTime() < now.getTime() + FUTURE_MESSAGE_LIMITS.earliestAheadMs) {
      throw new AppError('VALIDATION_FAILED', FUTURE_MESSAGE_MESSAGES.tooSoon, {
        sendAt: FUTURE_MESSAGE_MESSAGES.tooSoon,
      });
    }
    const latest = new Date(now);
    latest.setUTCFullYear(latest.getUTCFullYear() + FUTURE_MESSAGE_LIMITS.latestAheadYears);
    if (sendAt.getTime() > latest.getTime()) {
      throw new AppError('VALIDATION_FAILED', FUTURE_MESSAGE_MESSAGES.tooLate, {
        sendAt: FUTURE_MESSAGE_MESSAGES.tooLate,
      });
    }
  }

  async function ownedMessage(user: SessionUser, id: string): Promise<FutureMessageRow> {
    const row = await repository.findOwned(user.id, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return row;
  }

  /**
   * The text an e-mail may hold: a version-1 letter's own, or a private letter's e-mail copy (ticked by its writer);
   * null for a private letter without one, whose e-mail is the notice (ADR 098). Throws when it does not decrypt.
   */
  async function readableForMail(message: DueMessage): Promise<{ subject: string; body: string } | null> {
    const meta = message.metadata;
    let sealed: StoredEmailCopy;
    if (message.encryptionVersion === PRIVATE_MODE.encryptionVersion) {
      const copy = emailCopyOf(meta);
      if (!copy) return null;
      sealed = copy;
    } else {
      sealed = {
        encrypted_title: String(meta.encrypted_title),
        title_encryption_iv: String(meta.title_encryption_iv),
        encrypted_content: message.encryptedContent,
        encryption_iv: String(meta.encryption_iv),
      };
    }
    const key = await keys.keyFor(message.userId);
    const [subject, body] = await Promise.all([
      decryptText(key, { ciphertext: sealed.encrypted_title, iv: sealed.title_encryption_iv }),
      decryptText(key, { ciphertext: sealed.encrypted_content, iv: sealed.encryption_iv }),
    ]);
    return { subject, body };
  }

  /**
   * Decrypts (where the server may) and renders one due message in memory; nothing here touches the database. A
   * letter delivered in the app only is never decrypted: the browser opens it.
   */
  async function prepare(message: DueMessage): Promise<Prepared> {
    const { owner } = message;
    if (!owner || owner.isDisabled) {
      return { kind: 'fail', message, reason: FAILURE_REASONS.ownerUnavailable, isPermanent: true };
    }
    const wantsMail = message.deliveryChannel !== 'in-app';
    const notify = message.deliveryChannel !== 'email';
    if (!wantsMail) return { kind: 'deliver', message, mail: null, notify };
    let readable: { subject: string; body: string } | null;
    try {
      readable = await readableForMail(message);
    } catch {
      return { kind: 'fail', message, reason: FAILURE_REASONS.undecryptable, isPermanent: false };
    }
    const isPrivate = message.encryptionVersion === PRIVATE_MODE.encryptionVersion;
    const writtenOn = dayLabel(message.createdAt, owner.timezone);
    const url = `${deps.appUrl}/me-ahead`;
    let mail: RenderedMail & { to: string };
    try {
      // PostgreSQL text holds no NUL character; a forged message with one must not block the queue.
      const clean = (value: string) => value.replaceAll('\u0000', '');
      const rendered = readable
        ? futureMessageMail({
            name: owner.name,
            subject: clean(readable.subject),
            message: clean(readable.body),
            writtenOn,
            url,
            isPrivateByConsent: isPrivate,
          })
        : futureMessageNoticeMail({ name: owner.name, writtenOn, url });
      mail = { ...rendered, to: owner.email };
    } catch {
      return { kind: 'fail', message, reason: FAILURE_REASONS.unrenderable, isPermanent: false };
    }
    return { kind: 'deliver', message, mail, notify };
  }

  /** The e-mails go to the outbox and the notifications are written, in the caller's transaction. */
  async function write(executor: Executor, items: Extract<Prepared, { kind: 'deliver' }>[], now: Date) {
    await enqueueMails(
      executor,
      items.flatMap((item) => (item.mail ? [item.mail] : [])),
      now,
    );
    for (const item of items) {
      if (!item.notify) continue;
      await notifyUser(executor, {
        userId: item.message.userId,
        type: 'future_email',
        title: FUTURE_MESSAGE_NOTIFICATION_TITLE,
        message: '',
        metadata: { futureMessageId: item.message.id },
        createdAt: now,
      });
    }
  }

  /**
   * One batch, one transaction: claim (SKIP LOCKED), decrypt and render in memory, queue the e-mails in the
   * outbox and write the notifications, mark the messages sent. The outbox rows, the notifications and the state
   * change commit together or not at all, so a crash at any point leaves the messages pending for the next run
   * (never lost) and nothing half-sent (never twice). The outbox job then hands the e-mails to SMTP.
   */
  async function deliverBatch(options: { userId?: string; batchSize: number }): Promise<DeliveryReport> {
    return db.transaction(async (tx) => {
      const txRepository = createFutureMessagesRepository(tx);
      const now = clock.now();
      const claimed = await txRepository.claimDue(now, {
        limit: options.batchSize,
        retryAfterSeconds: FUTURE_MESSAGE_DELIVERY.retryAfterSeconds,
        userId: options.userId,
      });
      const report: DeliveryReport = { processed: claimed.length, sent: 0, retrying: 0, failed: 0 };
      if (claimed.length === 0) return report;
      await faults?.afterClaim?.(claimed.map((m) => m.id));

      const prepared = await Promise.all(claimed.map(prepare));
      const failures = prepared.filter((p) => p.kind === 'fail');
      let delivered = prepared.filter((p) => p.kind === 'deliver');
      try {
        // The whole batch in a savepoint: one statement for the e-mails. Should it fail, each message is
        // written on its own, so that one message the database refuses cannot hold the others back.
        await tx.transaction((savepoint) => write(savepoint, delivered, now));
      } catch {
        const written: typeof delivered = [];
        for (const item of delivered) {
          try {
            await tx.transaction((savepoint) => write(savepoint, [item], now));
            written.push(item);
          } catch {
            failures.push({
              kind: 'fail',
              message: item.message,
              reason: FAILURE_REASONS.unqueueable,
              isPermanent: false,
            });
          }
        }
        delivered = written;
      }
      await faults?.afterSend?.(delivered.map((d) => d.message.id));

      await txRepository.markSent(
        delivered.map((d) => d.message.id),
        now,
      );
      report.sent = delivered.length;
      for (const failure of failures) {
        const attempts = failure.message.attempts + 1;
        const isFinal = failure.isPermanent || attempts >= FUTURE_MESSAGE_LIMITS.maxAttempts;
        await txRepository.markAttemptFailed(failure.message.id, {
          attempts,
          isFinal,
          reason: failure.reason,
          now,
        });
        if (isFinal) report.failed++;
        else report.retrying++;
      }
      return report;
    });
  }

  return {
    async schedule(user: SessionUser, input: ScheduleFutureMessageInput): Promise<FutureMessage> {
      const features = await plans.features(user.id);
      if (!features.can_send_future_messages)
        throw new AppError('FORBIDDEN', FUTURE_MESSAGE_MESSAGES.upgradeTooltip);
      const isV2 = await requireVersion(user, input.encryptionVersion);
      const now = clock.now();
      const sendAt = new Date(input.sendAt);
      checkSendTime(sendAt, now);
      if (isV2) {
        checkSealedSizes(input);
        // The one part of a private letter the server may read, because its writer asked: held to the rules.
        if (input.emailCopy) await checkText(user, input.emailCopy);
      } else {
        await checkText(user, input);
      }
      // Each message is an e-mail sent later: the daily cap counts it when it is scheduled (ADR 059).
      await limits.spend(user, 'futureMessages');
      const emailCopy = isV2 && input.emailCopy ? input.emailCopy : null;
      const row = await repository.insert({
        userId: user.id,
        title: null,
        content: null,
        encryptedContent: input.message.encryptedContent,
        encryptionVersion: isV2 ? PRIVATE_MODE.encryptionVersion : ENCRYPTION.version,
        metadata: {
          encryption_iv: input.message.encryptionIv,
          encrypted_title: input.subject.encryptedContent,
          title_encryption_iv: input.subject.encryptionIv,
          ...(emailCopy
            ? {
                [EMAIL_COPY_KEY]: {
                  encrypted_title: emailCopy.subject.encryptedContent,
                  title_encryption_iv: emailCopy.subject.encryptionIv,
                  encrypted_content: emailCopy.message.encryptedContent,
                  encryption_iv: emailCopy.message.encryptionIv,
                } satisfies StoredEmailCopy,
              }
            : {}),
        },
        sendAt,
        status: 'pending',
        deliveryChannel: input.deliveryChannel,
        createdAt: now,
        updatedAt: now,
      });
      return toFutureMessage(row);
    },

    async list(
      user: SessionUser,
      query: { status?: FutureMessageStatus; encryptionVersion?: number; page: number; pageSize: number },
    ): Promise<FutureMessagePage> {
      const { rows, total } = await repository.page(user.id, {
        status: query.status,
        encryptionVersion: query.encryptionVersion,
        limit: query.pageSize,
        offset: query.page * query.pageSize,
      });
      return { items: rows.map(toFutureMessage), total };
    },

    /**
     * The owner's next pending messages, subject and message decrypted in memory for one future-self chat request
     * (docs/design.md#design-ai); the caller neither stores nor logs them. Messages that do not decrypt are left out,
     * and private letters are never read (ADR 098): the server holds no key to them.
     */
    async pendingReadable(
      userId: string,
      limit: number,
    ): Promise<{ sendAt: Date; subject: string; message: string }[]> {
      const { rows } = await repository.page(userId, {
        status: 'pending',
        encryptionVersion: ENCRYPTION.version,
        limit,
        offset: 0,
      });
      const key = await keys.keyFor(userId);
      const readable = await Promise.all(
        rows.map(async (row) => {
          const message = toFutureMessage(row);
          try {
            return {
              sendAt: row.sendAt,
              subject: await decryptText(key, {
                ciphertext: message.encryptedTitle,
                iv: message.titleEncryptionIv,
              }),
              message: await decryptText(key, {
                ciphertext: message.encryptedContent,
                iv: message.encryptionIv,
              }),
            };
          } catch {
            return null;
          }
        }),
      );
      return readable.filter((item) => item !== null);
    },

    /** The next pending ones by send time (the Future Self card). */
    async upcoming(user: SessionUser): Promise<{ items: FutureMessage[] }> {
      const { rows } = await repository.page(user.id, {
        status: 'pending',
        limit: FUTURE_MESSAGE_LIMITS.upcomingShown,
        offset: 0,
      });
      return { items: rows.map(toFutureMessage) };
    },

    async get(user: SessionUser, id: string): Promise<FutureMessage> {
      return toFutureMessage(await ownedMessage(user, id));
    },

    async cancel(user: SessionUser, id: string): Promise<FutureMessage> {
      const row = await repository.cancel(user.id, id, clock.now());
      if (row) return toFutureMessage(row);
      // Not cancelled: someone else's or missing (404, nothing said about it), or no longer pending (409).
      await ownedMessage(user, id);
      throw new AppError('CONFLICT', NOT_PENDING);
    },

    /**
     * Switching private mode on (ADR 098): a version-1 letter, opened and sealed again in the browser under the
     * account's key, replaces the readable one in place, whatever its state (a delivered letter holds its text too).
     * Only the owner's (404 otherwise), only while the account is in private mode, only from version 1 (409).
     */
    async sealPrivately(
      user: SessionUser,
      id: string,
      input: SealFutureMessagePrivatelyInput,
    ): Promise<FutureMessage> {
      if (!(await deps.isPrivate(user.id)))
        throw new AppError(
          'ENCRYPTION_VERSION_REFUSED',
          PRIVATE_MODE_MESSAGES.futureMessageWithoutPrivateMode,
        );
      checkSealedSizes(input);
      const row = await repository.sealPrivately(user.id, id, {
        encryptedContent: input.message.encryptedContent,
        encryptionIv: input.message.encryptionIv,
        encryptedTitle: input.subject.encryptedContent,
        titleEncryptionIv: input.subject.encryptionIv,
      });
      if (row) return toFutureMessage(row);
      await ownedMessage(user, id);
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.futureMessageAlreadyPrivate);
    },

    /**
     * Switching private mode off (ADR 097, amended): a version-2 letter, opened in the browser with the account's
     * letter key and sealed again as version 1, replaces the private one in place, whatever its state. Only the
     * owner's (404 otherwise), only while switching off, only from version 2 (409). Both parts must open with the
     * server's key: one that did not would be stored as readable and fail at its delivery. Its length is not held
     * to the rules again: the words are not new, and refusing them would leave the letter under a key that goes.
     */
    async sealReadably(
      user: SessionUser,
      id: string,
      input: SealFutureMessageReadablyInput,
    ): Promise<FutureMessage> {
      await ownedMessage(user, id);
      if ((await deps.mode(user.id)) !== 'switching-off')
        throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_SWITCH_MESSAGES.unsealNotSwitchingOff);
      const key = await keys.keyFor(user.id);
      try {
        await Promise.all(
          [input.subject, input.message].map((part) =>
            decryptText(key, { ciphertext: part.encryptedContent, iv: part.encryptionIv }),
          ),
        );
      } catch {
        throw new AppError('INVALID_CIPHERTEXT', INVALID_CIPHERTEXT);
      }
      const row = await repository.sealReadably(user.id, id, {
        encryptedContent: input.message.encryptedContent,
        encryptionIv: input.message.encryptionIv,
        encryptedTitle: input.subject.encryptedContent,
        titleEncryptionIv: input.subject.encryptionIv,
      });
      if (row) return toFutureMessage(row);
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.futureMessageAlreadyReadable);
    },

    /**
     * Delivers due messages, batch after batch until none is left (or the run's share is done). With `userId`,
     * only that user's (the test tool). Safe on any number of instances at once. A failure that rolls a batch
     * back is rethrown without its text: a database error may quote the statement's parameters, the message.
     */
    async deliverDue(
      options: { userId?: string; batchSize?: number; maxBatches?: number } = {},
    ): Promise<DeliveryReport> {
      const batchSize = options.batchSize ?? FUTURE_MESSAGE_DELIVERY.batchSize;
      const maxBatches = options.maxBatches ?? FUTURE_MESSAGE_DELIVERY.maxBatchesPerRun;
      const total: DeliveryReport = { processed: 0, sent: 0, retrying: 0, failed: 0 };
      for (let i = 0; i < maxBatches; i++) {
        let report: DeliveryReport;
        try {
          report = await deliverBatch({ userId: options.userId, batchSize });
        } catch (error) {
          throw new DeliveryInterrupted(error);
        }
        total.processed += report.processed;
        total.sent += report.sent;
        total.retrying += report.retrying;
        total.failed += report.failed;
        if (report.processed < batchSize) break;
      }
      return total;
    },
  };
}

/** A delivery batch that was rolled back; carries the cause's kind and code, never its message or parameters. */
export class DeliveryInterrupted extends Error {
  override name = 'DeliveryInterrupted';
  readonly code: string | undefined;
  constructor(cause: unknown) {
    const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause;
    const code =
      inner && typeof inner === 'object' && 'code' in inner && typeof inner.code === 'string'
        ? inner.code
        : undefined;
    const kind = inner instanceof Error ? inner.name : typeof inner;
    super(`Future message delivery rolled back (${kind}${code ? ` ${code}` : ''}); it is retried next run`);
    this.code = code;
  }
}

export type FutureMessagesService = ReturnType<typeof createFutureMessagesService>;
