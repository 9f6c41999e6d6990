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
 * A message's subject and body are kept only until it is delivered or given up: a share link or a message to one's
 * future self must not outlive its delivery in the database. The row stays (address, template, status, dates) for
 * the record and for "Delivered" on a share.
 */
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
 * Delivers due messages. Rows are claimed with `FOR UPDATE SKIP LOCKED` inside a transaction, so several
 * instances running this job never send the same message twice. The batch is handed to the transport at once
 * (a pooled SMTP transport spreads it over its connections); the sent ones are marked in one statement.
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  clock: Clock,
  batchSize = 20,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  await db.transaction(async (tx) => {
    const now = clock.now();
    const claimed = await tx.execute<ClaimedRow>(sql`
      select id, to_address, reply_to, subject, html, text, headers, attempts from email_outbox
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}
      order by next_attempt_at
      limit ${batchSize}
      for update skip locked`);
    const outcomes = await Promise.allSettled(
      claimed.rows.map((row) =>
        transport.send({
          to: row.to_address,
          replyTo: row.reply_to,
          subject: row.subject,
          html: row.html,
          text: row.text,
          headers: row.headers,
        }),
      ),
    );
    const sentIds: string[] = [];
    for (const [index, outcome] of outcomes.entries()) {
      const row = claimed.rows[index]!;
      if (outcome.status === 'fulfilled') {
        sentIds.push(row.id);
        continue;
      }
      const error = outcome.reason;
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const isFinal = attempts >= OUTBOX_MAX_ATTEMPTS;
      const next = new Date(now.getTime() + retryDelayMs(attempts)).toISOString();
      await tx.execute(sql`update email_outbox set status = ${isFinal ? 'failed' : 'pending'}, attempts = ${attempts},
        next_attempt_at = ${next}, last_error = ${message.slice(0, 500)}${isFinal ? sql`, ${FORGET_CONTENT}` : sql``}
        where id = ${row.id}`);
      failed++;
    }
    if (sentIds.length > 0) {
      const ids = sql.join(
        sentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      await tx.execute(
        sql`update email_outbox set status = 'sent', attempts = attempts + 1, sent_at = ${now.toISOString()}, last_error = null,
          ${FORGET_CONTENT} where id in (${ids})`,
      );
      sent = sentIds.length;
    }
  });
  return { sent, failed };
}
