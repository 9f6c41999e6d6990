import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { futureMessages } from '../../db/schema/index.ts';

export type FutureMessageRow = typeof futureMessages.$inferSelect;
export type NewFutureMessageRow = typeof futureMessages.$inferInsert;
export type FutureMessageStatus = FutureMessageRow['status'];

/**
 * Where a private letter's e-mail copy lives in `metadata` (ADR 098): sealed version-1 style, so the delivery job
 * can read it, and removed when the e-mail is queued or the letter cancelled.
 */
export const EMAIL_COPY_KEY = 'email_copy';
/** The metadata without the e-mail copy: what a letter keeps once the copy has served its one use. */
const withoutEmailCopy = sql`${futureMessages.metadata} - ${EMAIL_COPY_KEY}::text`;

/** A due message as the delivery job claims it, with what it needs of its owner (null when the owner is gone). */
export type DueMessage = {
  id: string;
  userId: string;
  encryptedContent: string;
  encryptionVersion: number;
  metadata: Record<string, unknown>;
  deliveryChannel: FutureMessageRow['deliveryChannel'];
  attempts: number;
  sendAt: Date;
  createdAt: Date;
  owner: { email: string; name: string; timezone: string; isDisabled: boolean } | null;
};

type DueRow = {
  id: string;
  user_id: string;
  encrypted_content: string;
  encryption_version: number;
  metadata: Record<string, unknown>;
  delivery_channel: FutureMessageRow['deliveryChannel'];
  attempts: number;
  send_at: string | Date;
  created_at: string | Date;
  email: string | null;
  name: string | null;
  timezone: string | null;
  is_disabled: boolean | null;
};

export function createFutureMessagesRepository(db: Executor) {
  const owned = (userId: string, id: string) =>
    and(eq(futureMessages.userId, userId), eq(futureMessages.id, id));

  return {
    async insert(values: NewFutureMessageRow): Promise<FutureMessageRow> {
      const [row] = await db.insert(futureMessages).values(values).returning();
      return row!;
    },

    /** Pending ones by send time (what comes next first); any other view newest first. */
    async page(
      userId: string,
      filter: { status?: FutureMessageStatus; encryptionVersion?: number; limit: number; offset: number },
    ): Promise<{ rows: FutureMessageRow[]; total: number }> {
      const conditions: SQL[] = [eq(futureMessages.userId, userId)];
      if (filter.status) conditions.push(eq(futureMessages.status, filter.status));
      if (filter.encryptionVersion !== undefined)
        conditions.push(eq(futureMessages.encryptionVersion, filter.encryptionVersion));
      const where = and(...conditions);
      const order =
        filter.status === 'pending'
          ? [asc(futureMessages.sendAt), asc(futureMessages.id)]
          : [desc(futureMessages.createdAt), desc(futureMessages.id)];
      const rows = await db
        .select()
        .from(futureMessages)
        .where(where)
        .orderBy(...order)
        .limit(filter.limit)
        .offset(filter.offset);
      const [total] = await db.select({ n: count() }).from(futureMessages).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async findOwned(userId: string, id: string): Promise<FutureMessageRow | null> {
      const [row] = await db.select().from(futureMessages).where(owned(userId, id));
      return row ?? null;
    },

    /**
     * Pending → cancelled, in one statement: a message the delivery job holds is locked, so this waits for the
     * job's commit and then finds it sent (no row), never cancels a message already on its way.
     */
    async cancel(userId: string, id: string, now: Date): Promise<FutureMessageRow | null> {
      const [row] = await db
        .update(futureMessages)
        // A private letter's e-mail copy will never be sent now: the server stops holding it.
        .set({ status: 'cancelled', updatedAt: now, metadata: withoutEmailCopy })
        .where(and(owned(userId, id), eq(futureMessages.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /**
     * Claims due pending messages (send time reached, and the back-off after a failed attempt over), oldest
     * first, `FOR UPDATE SKIP LOCKED`: run inside a transaction, which holds them until it commits, so two
     * instances never claim the same message. `updated_at` is the time of the last attempt; the wait after
     * attempt n is `retryAfterSeconds` · 2^(n−1), capped at an hour (the same curve as the mail outbox).
     */
    async claimDue(
      now: Date,
      options: { limit: number; retryAfterSeconds: number; userId?: string },
    ): Promise<DueMessage[]> {
      const at = now.toISOString();
      const onlyUser = options.userId ? sql`and fm.user_id = ${options.userId}` : sql``;
      const { rows } = await db.execute<DueRow>(sql`
        select fm.id, fm.user_id, fm.encrypted_content, fm.encryption_version, fm.metadata, fm.delivery_channel, fm.attempts,
               fm.send_at, fm.created_at, u.email, u.name, u.timezone,
               (u.banned and (u.ban_expires is null or u.ban_expires > ${at})) as is_disabled
        from future_messages fm
        left join users u on u.id = fm.user_id
        where fm.status = 'pending' and fm.send_at <= ${at} ${onlyUser}
          and (fm.attempts = 0 or fm.updated_at <= ${at}::timestamptz
               - least(${options.retryAfterSeconds}::int * power(2, fm.attempts - 1), 3600) * interval '1 second')
        order by fm.send_at, fm.id
        limit ${options.limit}
        for update of fm skip locked`);
      return rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        encryptedContent: row.encrypted_content,
        encryptionVersion: Number(row.encryption_version),
        metadata: row.metadata,
        deliveryChannel: row.delivery_channel,
        attempts: row.attempts,
        sendAt: new Date(row.send_at),
        createdAt: new Date(row.created_at),
        owner:
          row.email === null
            ? null
            : {
                email: row.email,
                name: row.name ?? '',
                timezone: row.timezone ?? 'UTC',
                isDisabled: Boolean(row.is_disabled),
              },
      }));
    },

    /** Sent: and a private letter's e-mail copy, its one use done (the e-mail is in the outbox), is removed. */
    async markSent(ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(futureMessages)
        .set({
          status: 'sent',
          metadata: withoutEmailCopy,
          sentAt: now,
          updatedAt: now,
          lastError: null,
          attempts: sql`${futureMessages.attempts} + 1`,
        })
        .where(inArray(futureMessages.id, ids));
    },

    /** A failed attempt: kept pending for a later one, or failed for good; `reason` never holds message text. */
    async markAttemptFailed(
      id: string,
      values: { attempts: number; isFinal: boolean; reason: string; now: Date },
    ): Promise<void> {
      await db
        .update(futureMessages)
        .set({
          status: values.isFinal ? 'failed' : 'pending',
          attempts: values.attempts,
          lastError: values.reason,
          updatedAt: values.now,
        })
        .where(eq(futureMessages.id, id));
    },

    /**
     * The owner's version-1 letter sealed again as version 2, in one statement: only the owner's, only from version 1
     * (so a second run, or a replay, changes nothing), in any state, since a delivered letter holds its text too. A
     * letter the delivery job holds is row-locked: this waits for its commit and then converts what it left.
     */
    async sealPrivately(
      userId: string,
      id: string,
      sealing: PrivateSealing,
    ): Promise<FutureMessageRow | null> {
      const [row] = await db
        .update(futureMessages)
        .set({
          encryptedContent: sealing.encryptedContent,
          encryptionVersion: 2,
          metadata: {
            encryption_iv: sealing.encryptionIv,
            encrypted_title: sealing.encryptedTitle,
            title_encryption_iv: sealing.titleEncryptionIv,
          },
          // Not `updated_at`: for a pending letter it is the time of its last delivery attempt (ADR 025), which
          // the retry's back-off counts from; a conversion is not an attempt.
        })
        .where(and(owned(userId, id), eq(futureMessages.encryptionVersion, 1)))
        .returning();
      return row ?? null;
    },

    /**
     * The reverse, switching private mode off (ADR 097, amended): the owner's version-2 letter sealed again as
     * version 1, in one statement, only from version 2. The metadata is replaced whole, so a private letter's
     * e-mail copy goes with it: a version-1 letter's e-mail is made from its own text.
     */
    async sealReadably(
      userId: string,
      id: string,
      sealing: PrivateSealing,
    ): Promise<FutureMessageRow | null> {
      const [row] = await db
        .update(futureMessages)
        .set({
          encryptedContent: sealing.encryptedContent,
          encryptionVersion: 1,
          metadata: {
            encryption_iv: sealing.encryptionIv,
            encrypted_title: sealing.encryptedTitle,
            title_encryption_iv: sealing.titleEncryptionIv,
          },
        })
        .where(and(owned(userId, id), eq(futureMessages.encryptionVersion, 2)))
        .returning();
      return row ?? null;
    },

    /** Every letter of the account sealed with this version (a fresh start removes what the lost key sealed). */
    async removeVersion(userId: string, version: number): Promise<number> {
      const removed = await db
        .delete(futureMessages)
        .where(and(eq(futureMessages.userId, userId), eq(futureMessages.encryptionVersion, version)))
        .returning({ id: futureMessages.id });
      return removed.length;
    },
  };
}

/** A version-1 letter's sealed parts replaced in place by version 2's (switching private mode on, ADR 098). */
export type PrivateSealing = {
  encryptedContent: string;
  encryptionIv: string;
  encryptedTitle: string;
  titleEncryptionIv: string;
};

export type FutureMessagesRepository = ReturnType<typeof createFutureMessagesRepository>;
