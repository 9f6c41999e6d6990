import { and, asc, count, desc, eq, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type EncryptionMetadata,
  emailOutbox,
  entries,
  sharedEntries,
  shareEvents,
  shareReports,
  shareThankYouNotes,
  users,
} from '../../db/schema/index.ts';

export type ShareRow = typeof sharedEntries.$inferSelect;
export type ShareEventRow = {
  shareId: string;
  type: (typeof shareEvents.$inferSelect)['eventType'];
  createdAt: Date;
};

/** What the viewer needs of the shared entry; the text is still encrypted here. */
export type SharedEntryRow = {
  encryptedContent: string | null;
  content: string | null;
  metadata: EncryptionMetadata;
  moodTag: string | null;
  mediaUrl: string | null;
  contentType: 'text' | 'image' | 'audio' | 'video';
  deletedAt: Date | null;
  createdAt: Date;
};

/** A share with its sender's name and its entry, read in ONE statement so the two never disagree. */
export type ShareWithEntry = { share: ShareRow; senderName: string; entry: SharedEntryRow };

const entryColumns = {
  encryptedContent: entries.encryptedContent,
  content: entries.content,
  metadata: entries.metadata,
  moodTag: entries.moodTag,
  mediaUrl: entries.mediaUrl,
  contentType: entries.contentType,
  deletedAt: entries.deletedAt,
  createdAt: entries.createdAt,
};

/** A share is received by a user when it names their id or their e-mail (docs/product/sharing.md#sharing-received). */
const receivedBy = (userId: string, email: string) =>
  sql`(${sharedEntries.recipientUserId} = ${userId} or ${sharedEntries.recipientEmail} = ${email})`;

/** Active, and not past its expiry at `now` (the expiry job may not have run yet). */
const activeAt = (now: Date) =>
  sql`(${sharedEntries.status} = 'active' and ${sharedEntries.expiresAt} > ${now.toISOString()}::timestamptz)`;

const hasInAppView = sql<boolean>`exists (select 1 from ${shareEvents} where ${shareEvents.shareId} = ${sharedEntries.id} and ${shareEvents.eventType} = 'in_app_viewed')`;

/** The entries module's visibility rule (ADR 021), handed in by services.ts: modules share no repositories. */
export type EntryVisibility = { of: (userId: string) => SQL; rule: (alias?: string) => SQL };

export function createSharingRepository(db: Executor, visible: EntryVisibility) {
  function withEntry() {
    // entries-rule: a share is read by its own status; the service answers a deleted entry as no longer available.
    return db
      .select({ share: sharedEntries, senderName: users.name, entry: entryColumns })
      .from(sharedEntries)
      .innerJoin(users, eq(users.id, sharedEntries.senderId))
      .innerJoin(entries, eq(entries.id, sharedEntries.entryId));
  }

  return {
    /** The owner's entry, if it exists and is not deleted. */
    async findOwnedEntry(
      userId: string,
      entryId: string,
    ): Promise<{
      id: string;
      moodTag: string | null;
      encryptionVersion: number;
      contentType: string;
      mediaUrl: string | null;
    } | null> {
      const [row] = await db
        .select({
          id: entries.id,
          moodTag: entries.moodTag,
          encryptionVersion: entries.encryptionVersion,
          contentType: entries.contentType,
          mediaUrl: entries.mediaUrl,
        })
        .from(entries)
        .where(and(eq(entries.id, entryId), visible.of(userId)));
      return row ?? null;
    },

    /** Registered users among the e-mails (lower-cased on both sides). */
    async usersByEmail(emails: string[]): Promise<Map<string, { id: string; name: string }>> {
      if (emails.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails));
      return new Map(rows.map((r) => [r.email.toLowerCase(), { id: r.id, name: r.name }]));
    },

    async insertShare(values: typeof sharedEntries.$inferInsert): Promise<ShareRow> {
      const [row] = await db.insert(sharedEntries).values(values).returning();
      return row!;
    },

    async insertEvent(values: {
      shareId: string;
      type: ShareEventRow['type'];
      userId: string | null;
      createdAt: Date;
      metadata?: Record<string, unknown>;
    }): Promise<void> {
      await db.insert(shareEvents).values({
        shareId: values.shareId,
        eventType: values.type,
        userId: values.userId,
        createdAt: values.createdAt,
        metadata: values.metadata ?? {},
      });
    },

    /** The sender's shares of one entry, newest first, with the recipient's name where registered. */
    async sentForEntry(senderId: string, entryId: string) {
      return db
        .select({ share: sharedEntries, recipientName: users.name })
        .from(sharedEntries)
        .leftJoin(users, eq(users.id, sharedEntries.recipientUserId))
        .where(and(eq(sharedEntries.entryId, entryId), eq(sharedEntries.senderId, senderId)))
        .orderBy(desc(sharedEntries.createdAt), desc(sharedEntries.id));
    },

    async findSent(senderId: string, shareId: string) {
      const [row] = await db
        .select({ share: sharedEntries, recipientName: users.name })
        .from(sharedEntries)
        .leftJoin(users, eq(users.id, sharedEntries.recipientUserId))
        .where(and(eq(sharedEntries.id, shareId), eq(sharedEntries.senderId, senderId)));
      return row ?? null;
    },

    /**
     * The shares' events, oldest first. An `email_sent` event is written with its outbox message and counts only
     * once the outbox has delivered it, dated at delivery; if the outbox row is gone it stands as written.
     */
    async eventsOf(shareIds: string[]): Promise<ShareEventRow[]> {
      if (shareIds.length === 0) return [];
      const at = sql<Date>`coalesce(${emailOutbox.sentAt}, ${shareEvents.createdAt})`.mapWith(
        shareEvents.createdAt,
      );
      return db
        .select({ shareId: shareEvents.shareId, type: shareEvents.eventType, createdAt: at })
        .from(shareEvents)
        .leftJoin(
          emailOutbox,
          and(
            eq(shareEvents.eventType, 'email_sent'),
            eq(emailOutbox.id, sql`(${shareEvents.metadata}->>'outbox_id')::uuid`),
          ),
        )
        .where(
          and(
            inArray(shareEvents.shareId, shareIds),
            sql`(${emailOutbox.id} is null or ${emailOutbox.status} = 'sent')`,
          ),
        )
        .orderBy(asc(at), asc(shareEvents.id));
    },

    /**
     * Rotates the token of an active share to an unregistered recipient, at most `maxResends` times, in one
     * statement: the row lock makes parallel resends wait and re-check `resend_count`, so ten at once against a
     * limit of 3 get exactly 3 through. The entry must still exist.
     */
    async claimResend(
      senderId: string,
      shareId: string,
      tokenHash: string,
      now: Date,
      maxResends: number,
    ): Promise<ShareRow | null> {
      const [row] = await db
        .update(sharedEntries)
        .set({ tokenHash, resendCount: sql`${sharedEntries.resendCount} + 1` })
        .where(
          and(
            eq(sharedEntries.id, shareId),
            eq(sharedEntries.senderId, senderId),
            activeAt(now),
            isNull(sharedEntries.recipientUserId),
            // A private link's key is in the link the sender copied; an e-mailed one could not open it (ADR 103).
            sql`${sharedEntries.sealing} is distinct from 'link'`,
            lt(sharedEntries.resendCount, maxResends),
            sql`exists (select 1 from ${entries} where ${entries.id} = ${sharedEntries.entryId} and ${visible.rule()})`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Revokes an active share of the sender's in one statement; null when there is none to revoke. */
    async revoke(senderId: string, shareId: string, now: Date): Promise<ShareRow | null> {
      const [row] = await db
        .update(sharedEntries)
        .set({ status: 'revoked', revokedAt: now })
        .where(and(eq(sharedEntries.id, shareId), eq(sharedEntries.senderId, senderId), activeAt(now)))
        .returning();
      return row ?? null;
    },

    /** Revokes the sender's active shares of these entries in one statement (they became private, ADR 097). */
    async revokeActiveOfEntries(senderId: string, entryIds: string[], now: Date): Promise<ShareRow[]> {
      if (entryIds.length === 0) return [];
      return db
        .update(sharedEntries)
        .set({ status: 'revoked', revokedAt: now })
        .where(
          and(eq(sharedEntries.senderId, senderId), inArray(sharedEntries.entryId, entryIds), activeAt(now)),
        )
        .returning();
    },

    /** Marks active shares past their expiry as expired (the expiry job); who was told. */
    async expireDue(now: Date, limit: number): Promise<{ id: string; recipientUserId: string | null }[]> {
      const { rows } = await db.execute<{ id: string; recipient_user_id: string | null }>(sql`
        update shared_entries set status = 'expired'
        where id in (
          select id from shared_entries
          where status = 'active' and expires_at <= ${now.toISOString()}::timestamptz
          order by expires_at limit ${limit}
          for update skip locked)
        returning id, recipient_user_id`);
      return rows.map((r) => ({ id: r.id, recipientUserId: r.recipient_user_id }));
    },

    /** A share by its token's hash, with sender name and entry (one statement). */
    async findByTokenHash(tokenHash: string): Promise<ShareWithEntry | null> {
      const [row] = await withEntry().where(eq(sharedEntries.tokenHash, tokenHash));
      return row ?? null;
    },

    /** Any share with its sender name and entry (one statement): its media link checks it is still live. */
    async findWithEntry(shareId: string): Promise<ShareWithEntry | null> {
      const [row] = await withEntry().where(eq(sharedEntries.id, shareId));
      return row ?? null;
    },

    /** A share received by the user, with sender name and entry (one statement). */
    async findReceived(userId: string, email: string, shareId: string): Promise<ShareWithEntry | null> {
      const [row] = await withEntry().where(and(eq(sharedEntries.id, shareId), receivedBy(userId, email)));
      return row ?? null;
    },

    /** Active received shares, newest first, with whether each was opened in-app, the total and unviewed counts. */
    async receivedPage(userId: string, email: string, now: Date, limit: number, offset: number) {
      const where = and(receivedBy(userId, email), activeAt(now));
      const rows = await withEntry()
        .where(where)
        .orderBy(desc(sharedEntries.createdAt), desc(sharedEntries.id))
        .limit(limit)
        .offset(offset);
      const viewed = await this.viewedAmong(rows.map((r) => r.share.id));
      const [counts] = await db
        .select({
          total: sql<number>`count(*)::int`,
          unviewed: sql<number>`(count(*) filter (where not ${hasInAppView}))::int`,
        })
        .from(sharedEntries)
        .where(where);
      return { rows, viewed, total: counts?.total ?? 0, unviewed: counts?.unviewed ?? 0 };
    },

    async viewedAmong(shareIds: string[]): Promise<Set<string>> {
      if (shareIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ shareId: shareEvents.shareId })
        .from(shareEvents)
        .where(and(inArray(shareEvents.shareId, shareIds), eq(shareEvents.eventType, 'in_app_viewed')));
      return new Set(rows.map((r) => r.shareId));
    },

    /**
     * Records `in_app_viewed` for the user's received shares that have none yet: the one named, or (no id) every
     * active one. Another person's share id matches nothing.
     */
    async markViewed(userId: string, email: string, now: Date, shareId?: string): Promise<number> {
      const which = shareId === undefined ? activeAt(now) : sql`${sharedEntries.id} = ${shareId}::uuid`;
      const { rows } = await db.execute<{ id: string }>(sql`
        insert into share_events (share_id, event_type, user_id, metadata, created_at)
        select ${sharedEntries.id}, 'in_app_viewed', ${userId}::uuid,
               ${JSON.stringify({ viewed_at: now.toISOString() })}::jsonb, ${now.toISOString()}::timestamptz
        from ${sharedEntries}
        where ${which} and ${receivedBy(userId, email)} and not ${hasInAppView}
        returning id`);
      return rows.length;
    },

    /**
     * Links a share addressed to the user's e-mail before they had an account (or before it matched) to the user,
     * so revokes reach their open tabs and resend stops being offered: they read it in the app now.
     */
    async linkRecipient(userId: string, email: string, shareId: string): Promise<void> {
      await db
        .update(sharedEntries)
        .set({ recipientUserId: userId })
        .where(
          and(
            eq(sharedEntries.id, shareId),
            isNull(sharedEntries.recipientUserId),
            eq(sharedEntries.recipientEmail, email),
          ),
        );
    },

    async insertThankYou(values: typeof shareThankYouNotes.$inferInsert): Promise<{ id: string }> {
      const [row] = await db
        .insert(shareThankYouNotes)
        .values(values)
        .returning({ id: shareThankYouNotes.id });
      return row!;
    },

    /** A thank-you note, only for the user it was written to (the entry's author). */
    async findThankYouFor(userId: string, noteId: string) {
      const [row] = await db
        .select()
        .from(shareThankYouNotes)
        .where(and(eq(shareThankYouNotes.id, noteId), eq(shareThankYouNotes.senderUserId, userId)));
      return row ?? null;
    },

    /** The author's notes the server encrypted with the author's standard key (not sealed to a key pair, ADR 102). */
    async serverKeptNotesOf(authorId: string) {
      return db
        .select({
          id: shareThankYouNotes.id,
          shareId: shareThankYouNotes.shareId,
          encryptedMessage: shareThankYouNotes.encryptedMessage,
          metadata: shareThankYouNotes.metadata,
        })
        .from(shareThankYouNotes)
        .where(
          and(
            eq(shareThankYouNotes.senderUserId, authorId),
            sql`${shareThankYouNotes.metadata}->>'format' is distinct from 'sealed'`,
          ),
        );
    },

    /** A note replaced by its sealed form, only while it is still the server's (a second run changes nothing). */
    async replaceWithSealed(noteId: string, encryptedMessage: string, metadata: Record<string, unknown>) {
      await db
        .update(shareThankYouNotes)
        .set({ encryptedMessage, metadata })
        .where(
          and(
            eq(shareThankYouNotes.id, noteId),
            sql`${shareThankYouNotes.metadata}->>'format' is distinct from 'sealed'`,
          ),
        );
    },

    async insertReport(values: typeof shareReports.$inferInsert): Promise<{ id: string }> {
      const [row] = await db.insert(shareReports).values(values).returning({ id: shareReports.id });
      return row!;
    },

    /** The admin area's queue: reports with their share's state and sender, never the entry. */
    async reportPage(status: 'open' | 'resolved' | 'all', offset: number, limit: number) {
      const where =
        status === 'all'
          ? undefined
          : status === 'open'
            ? eq(shareReports.status, 'open')
            : ne(shareReports.status, 'open');
      const [items, [totals]] = await Promise.all([
        db
          .select({ report: shareReports, share: reportShareColumns, sender: reportSenderColumns })
          .from(shareReports)
          .innerJoin(sharedEntries, eq(sharedEntries.id, shareReports.shareId))
          .innerJoin(users, eq(users.id, sharedEntries.senderId))
          .where(where)
          .orderBy(desc(shareReports.createdAt), desc(shareReports.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(shareReports).where(where),
      ]);
      return { items, total: totals?.total ?? 0 };
    },

    async findReport(reportId: string) {
      const [row] = await db
        .select({ report: shareReports, share: reportShareColumns, sender: reportSenderColumns })
        .from(shareReports)
        .innerJoin(sharedEntries, eq(sharedEntries.id, shareReports.shareId))
        .innerJoin(users, eq(users.id, sharedEntries.senderId))
        .where(eq(shareReports.id, reportId));
      return row ?? null;
    },

    /** Closes an open report; false when it was already resolved (by another admin, a moment ago). */
    async resolveReport(
      reportId: string,
      status: 'dismissed' | 'share_revoked' | 'sender_disabled',
      resolvedBy: string | null,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(shareReports)
        .set({ status, resolvedBy, resolvedAt: now })
        .where(and(eq(shareReports.id, reportId), eq(shareReports.status, 'open')))
        .returning({ id: shareReports.id });
      return rows.length > 0;
    },

    /** Revokes an active share whoever sent it (a report's resolution); null when it was not active. */
    async revokeAny(shareId: string, now: Date): Promise<ShareRow | null> {
      const [row] = await db
        .update(sharedEntries)
        .set({ status: 'revoked', revokedAt: now })
        .where(and(eq(sharedEntries.id, shareId), activeAt(now)))
        .returning();
      return row ?? null;
    },
  };
}

const reportShareColumns = {
  id: sharedEntries.id,
  status: sharedEntries.status,
  expiresAt: sharedEntries.expiresAt,
  senderId: sharedEntries.senderId,
};
const reportSenderColumns = { id: users.id, email: users.email, name: users.name, banned: users.banned };

export type SharingRepository = ReturnType<typeof createSharingRepository>;
