/*
 * What every part of the future messages service shares (ADR 100): its dependencies, the repository, a letter as
 * the API answers with it, its e-mail copy as stored, and the checks more than one part holds a letter to (the
 * owner's letter, a sealed letter's sizes). The parts meet here, never through service.ts.
 */
import {
  FUTURE_MESSAGE_MESSAGES,
  type FutureMessage,
  isSealedEmpty,
  type PrivateSwitchMode,
  SEALED_FUTURE_MESSAGE_MAX_CHARS,
  type SessionUser,
} from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { PlansService } from '../plans/service.ts';
import type { SendingLimits } from '../sending-limits/service.ts';
import { createFutureMessagesRepository, EMAIL_COPY_KEY, type FutureMessageRow } from './repository.ts';

export const INVALID_CIPHERTEXT = 'The message could not be read. Please try again.';
const NOT_FOUND = 'Message not found';

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

/** A private letter's e-mail copy as stored in `metadata` (version-1 sealed, ADR 098), or null. */
export type StoredEmailCopy = {
  encrypted_title: string;
  title_encryption_iv: string;
  encrypted_content: string;
  encryption_iv: string;
};

export function emailCopyOf(metadata: Record<string, unknown>): StoredEmailCopy | null {
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

export type FutureMessagesDeps = {
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
};

export function createFutureMessagesContext(deps: FutureMessagesDeps) {
  const repository = createFutureMessagesRepository(deps.db);

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

  async function ownedMessage(user: SessionUser, id: string): Promise<FutureMessageRow> {
    const row = await repository.findOwned(user.id, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return row;
  }

  return { ...deps, repository, throwProblems, checkSealedSizes, ownedMessage };
}

export type FutureMessagesContext = ReturnType<typeof createFutureMessagesContext>;
