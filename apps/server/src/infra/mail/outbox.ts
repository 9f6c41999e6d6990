import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RenderedMail } from './templates.ts';
import type { MailTransport } from './transport.ts';

export const OUTBOX_MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min, 4 min… capped at 1 hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60_000);
}

type Executor = Pick<Db, 'insert'>;

/** `headers`: extra ones the message needs (a reminder's List-Unsubscribe); erased with the content. */
type QueuedMail = RenderedMail & { to: string; replyTo?: string; headers?: Record<string, string> };

/**
 * Queue a message. Pass the transaction that makes the change, so the message exists only if the change does.
 * The row's id lets a caller learn later whether it was delivered (shares show "Delivered" only then).
 */
export async function enqueueMail(executor: Executor, mail: QueuedMail, now: Date): Promise<{ id: string }> {
  const [row] = await enqueueMails(executor, [mail], now);
  return row!;
}

/** Several messages in one statement (a job that sends a batch), same rule: pass the transaction of the change. */
export async function enqueueMails(
  executor: Executor,
  mails: QueuedMail[],
  now: Date,
): Promise<{ id: string }[]> {
  if (mails.length === 0) return [];
  return executor
    .insert(emailOutbox)
    .values(
      mails.map((mail) => ({
        nextAttemptAt: now,
        toAddress: mail.to,
        replyTo: mail.replyTo ?? null,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        template: mail.template,
        headers: mail.headers ?? null,
      })),
    )
    .returning({ id: emailOutbox.id });
}

/**
 * A message's subject and body are kept only until it is delivered: a share link or a message to one's future self
 * must not outlive its delivery in the database. The row stays (address, template, status, dates) for the record
 * and for "Delivered" on a share. A message given up on keeps them for FAILED_MAIL_KEEP_DAYS, so that an admin can
 * send it again once the cause is fixed (ADR 034); then `forgetStaleFailedMail` erases them too.
 */
export const FAILED_MAIL_KEEP_DAYS = 7;
const FORGET_CONTENT = sql`subject = '', html = '', text = '', headers = null`;

type ClaimedRow = {
  id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string> | null;
  attempts: number;
};

/**
 * How long a claimed message is kept from other instances while it is being sent: longer than a send may take
 * (the SMTP transport's own timeouts, transport.ts), so no instance sends a message another is still sending. A
 * message whose instance died mid-send is due again when its lease ends.
 */
export const OUTBOX_LEASE_MS = 5 * 60_000;

/**
 * Delivers due messages, each exactly once unless an instance dies in the instant between the relay's acceptance
 * and the mark (ADR 090). Rows are claimed with `FOR UPDATE SKIP LOCKED` and leased in one short transaction (their
 * `next_attempt_at` moved past the lease, which every version of the app reads as "not due"), so several
 * instances never take the same message. Each message is marked the moment its relay accepts it, in a statement
 * of its own: a kill at any other moment leaves a message either marked or never accepted (sent again after the
 * lease). Its Message-ID is the row's own, the same on every attempt, so that a repeat after the one unguarded
 * instant is the same message to the relay and the mailbox, which may drop it.
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  clock: Clock,
  batchSize = 20,
): Promise<{ sent: number; failed: number }> {
  const now = clock.now();
  const leasedUntil = new Date(now.getTime() + OUTBOX_LEASE_MS).toISOString();
  const claimed = await db.execute<ClaimedRow>(sql`
    update email_outbox set next_attempt_at = ${leasedUntil}
    where id in (
      select id from email_outbox
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}
      order by next_attempt_at
      limit ${batchSize}
      for update skip locked)
    returning id, to_address, reply_to, subject, html, text, headers, attempts`);
  let sent = 0;
  let failed = 0;
  // The batch goes to the transport at once (a pooled SMTP transport spreads it over its connections).
  await Promise.all(
    claimed.rows.map(async (row) => {
      try {
        await transport.send({
          id: row.id,
          to: row.to_address,
          replyTo: row.reply_to,
          subject: row.subject,
          html: row.html,
          text: row.text,
          headers: row.headers,
        });
      } catch (error) {
        const attempts = row.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        const isFinal = attempts >= OUTBOX_MAX_ATTEMPTS;
        const next = new Date(now.getTime() + retryDelayMs(attempts)).toISOString();
        await db.execute(sql`update email_outbox set status = ${isFinal ? 'failed' : 'pending'}, attempts = ${attempts},
          next_attempt_at = ${next}, last_error = ${message.slice(0, 500)} where id = ${row.id}`);
        failed++;
        return;
      }
      await db.execute(
        sql`update email_outbox set status = 'sent', attempts = attempts + 1, sent_at = ${clock.now().toISOString()},
          last_error = null, ${FORGET_CONTENT} where id = ${row.id}`,
      );
      sent++;
    }),
  );
  return { sent, failed };
}

/** Erases the content of messages given up on more than FAILED_MAIL_KEEP_DAYS ago (a job); how many. */
export async function forgetStaleFailedMail(db: Db, clock: Clock): Promise<number> {
  const before = new Date(clock.now().getTime() - FAILED_MAIL_KEEP_DAYS * 24 * 3600_000).toISOString();
  const { rows } = await db.execute<{ id: string }>(sql`update email_outbox set ${FORGET_CONTENT}
    where status = 'failed' and html <> '' and next_attempt_at <= ${before} returning id`);
  return rows.length;
}

export type OutboxHealth = {
  queued: number;
  retrying: number;
  failed: number;
  sentLastDay: number;
  oldestQueuedAt: Date | null;
};

/** Counts for the admin area's "Mail & jobs": what waits, what retries, what was given up, what went out. */
export async function outboxHealth(db: Db, now: Date): Promise<OutboxHealth> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
  const { rows } = await db.execute<{
    queued: string | number;
    retrying: string | number;
    failed: string | number;
    sent_last_day: string | number;
    oldest_queued_at: string | Date | null;
  }>(sql`select
      count(*) filter (where status = 'pending') as queued,
      count(*) filter (where status = 'pending' and attempts > 0) as retrying,
      count(*) filter (where status = 'failed') as failed,
      count(*) filter (where status = 'sent' and sent_at >= ${dayAgo}) as sent_last_day,
      min(created_at) filter (where status = 'pending') as oldest_queued_at
    from email_outbox`);
  const row = rows[0]!;
  return {
    queued: Number(row.queued),
    retrying: Number(row.retrying),
    failed: Number(row.failed),
    sentLastDay: Number(row.sent_last_day),
    oldestQueuedAt: row.oldest_queued_at === null ? null : new Date(row.oldest_queued_at),
  };
}

export type FailedMail = {
  id: string;
  to: string;
  template: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  canRetry: boolean;
};

const failedMailColumns = sql`id, to_address, template, status, attempts, last_error, created_at, (html <> '') as can_retry`;
type FailedMailRow = {
  id: string;
  to_address: string;
  template: string;
  status: FailedMail['status'];
  attempts: number;
  last_error: string | null;
  created_at: string | Date;
  can_retry: boolean;
};
const toFailedMail = (row: FailedMailRow): FailedMail => ({
  id: row.id,
  to: row.to_address,
  template: row.template,
  status: row.status,
  attempts: Number(row.attempts),
  lastError: row.last_error,
  createdAt: new Date(row.created_at),
  canRetry: row.status === 'failed' && row.can_retry,
});

/** The newest messages given up on, with the error: never their subject or body. */
export async function listFailedMail(db: Db, limit: number): Promise<FailedMail[]> {
  const { rows } = await db.execute<FailedMailRow>(sql`select ${failedMailColumns} from email_outbox
    where status = 'failed' order by created_at desc, id desc limit ${limit}`);
  return rows.map(toFailedMail);
}

/**
 * Puts a failed message back in the queue with a fresh set of attempts, due now, inside the caller's transaction.
 * `not_found` for no such message, `not_failed` when it is not a failed one, `forgotten` when its content is gone.
 */
export async function retryFailedMail(
  executor: Pick<Db, 'execute'>,
  id: string,
  now: Date,
): Promise<{ mail: FailedMail } | { refused: 'not_found' | 'not_failed' | 'forgotten' }> {
  const { rows } = await executor.execute<FailedMailRow>(sql`update email_outbox
    set status = 'pending', attempts = 0, next_attempt_at = ${now.toISOString()}, last_error = null
    where id = ${id} and status = 'failed' and html <> '' returning ${failedMailColumns}`);
  if (rows[0]) return { mail: toFailedMail(rows[0]) };
  const { rows: existing } = await executor.execute<FailedMailRow>(
    sql`select ${failedMailColumns} from email_outbox where id = ${id}`,
  );
  if (!existing[0]) return { refused: 'not_found' };
  return { refused: existing[0].status === 'failed' ? 'forgotten' : 'not_failed' };
}
