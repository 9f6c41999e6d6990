import type { SessionUser } from '@daybook/shared';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queueSessionsChanged } from '../../db/live-events.ts';
import {
  accountDeletionAudit,
  avatars,
  accounts as credentialAccounts,
  sessions,
  subscriptions,
  users,
} from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

type DueAccount = {
  id: string;
  email: string;
  deletion_requested_at: Date | string | null;
  has_subscription: boolean;
  live_subscription_id: string | null;
};

type LiveSessionRow = {
  session_id: string;
  expires_at: string | Date;
  updated_at: string | Date;
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: 'user' | 'admin';
  timezone: string;
  email_verified: boolean;
  banned: boolean;
};

export function createAccountRepository(db: Executor) {
  return {
    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row ?? null;
    },

    async updateProfile(
      id: string,
      values: { name?: string; timezone?: string; image?: string | null },
      now: Date,
    ) {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },

    /** Private mode chosen at registration (a date) or no longer waiting to be set up (null). */
    async setPrivateModeChoice(userId: string, chosenAt: Date | null) {
      await db.update(users).set({ privateModeChosenAt: chosenAt }).where(eq(users.id, userId));
    },

    async upsertSubscriptionIntent(userId: string, intent: 'premium' | null, billingCycle: 'month' | 'year') {
      await db
        .insert(subscriptions)
        .values({ userId, subscriptionIntent: intent, billingCyclePreference: billingCycle })
        .onConflictDoUpdate({
          target: subscriptions.userId,
          set: { subscriptionIntent: intent, billingCyclePreference: billingCycle, updatedAt: sql`now()` },
        });
    },

    async saveAvatar(userId: string, content: Buffer, mimeType: string, version: string, now: Date) {
      await db
        .insert(avatars)
        .values({ userId, content, mimeType, version, updatedAt: now })
        .onConflictDoUpdate({ target: avatars.userId, set: { content, mimeType, version, updatedAt: now } });
    },

    async deleteAvatar(userId: string) {
      await db.delete(avatars).where(eq(avatars.userId, userId));
    },

    async findAvatar(userId: string) {
      const [row] = await db.select().from(avatars).where(eq(avatars.userId, userId));
      return row ?? null;
    },

    /**
     * A live session and its user in one round trip: the hot path of every signed-in request. `tokenHash` is
     * `hashSessionToken` of the cookie's token: the column holds only hashes (ADR 055).
     */
    async findLiveSession(tokenHash: string, now: Date) {
      const { rows } = await db.execute<LiveSessionRow>(sql`
        select s.id as session_id, s.expires_at, s.updated_at, u.id, u.email, u.name, u.image, u.role, u.timezone,
               u.email_verified, u.banned
        from sessions s join users u on u.id = s.user_id
        where s.token = ${tokenHash} and s.expires_at > ${now.toISOString()}`);
      const row = rows[0];
      if (!row) return null;
      return {
        sessionId: row.session_id,
        expiresAt: new Date(row.expires_at),
        seenAt: new Date(row.updated_at),
        isBanned: row.banned,
        user: {
          id: row.id,
          email: row.email,
          fullName: row.name,
          avatarUrl: row.image,
          role: row.role,
          timezone: row.timezone,
          emailVerified: row.email_verified,
        } satisfies SessionUser,
      };
    },

    /**
     * Records that a session was used at `now` (its `updated_at`, which the admin area's "Last seen" and the
     * account's session list read), unless it already says so since `since`: concurrent instances write once.
     */
    async touchSession(sessionId: string, now: Date, since: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ updatedAt: now })
        .where(and(eq(sessions.id, sessionId), lt(sessions.updatedAt, since)));
    },

    /** How a session was signed in beyond a password: a second step (ADR 075) or a passkey (ADR 080). */
    async markSession(sessionId: string, how: 'two-factor' | 'passkey'): Promise<void> {
      await db
        .update(sessions)
        .set(how === 'passkey' ? { passkeyVerified: true } : { twoFactorVerified: true })
        .where(eq(sessions.id, sessionId));
    },

    /** Which of these sessions are still live (not ended, not expired, user not disabled): one round trip. */
    async liveSessionIds(ids: string[], now: Date): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, now), eq(users.banned, false)));
      return rows.map((row) => row.id);
    },

    async listSessions(userId: string) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`));
    },

    async deleteSession(userId: string, sessionId: string): Promise<boolean> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
        .returning({ id: sessions.id });
      return deleted.length > 0;
    },

    async deleteOtherSessions(userId: string, keepSessionId: string): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
        .returning({ id: sessions.id });
      return deleted.length;
    },

    async setDeletion(
      userId: string,
      values: { requestedAt: Date | null; scheduledFor: Date | null; reason: string | null },
    ) {
      const [row] = await db
        .update(users)
        .set({
          deletionRequestedAt: values.requestedAt,
          deletionScheduledFor: values.scheduledFor,
          deletionReason: values.reason,
        })
        .where(eq(users.id, userId))
        .returning();
      return row ?? null;
    },

    async setRole(email: string, role: 'user' | 'admin') {
      const [row] = await db
        .update(users)
        .set({ role })
        .where(eq(users.email, email))
        .returning({ id: users.id });
      // Cached sessions carry the role (ADR 047): every instance reloads them once this commits.
      if (row) await queueSessionsChanged(db, row.id);
      return row ?? null;
    },

    /** The stored hash of the user's e-mail-and-password credential, if there is one. */
    async credentialPasswordOf(userId: string): Promise<string | null> {
      const [credential] = await db
        .select({ password: credentialAccounts.password })
        .from(credentialAccounts)
        .where(and(eq(credentialAccounts.userId, userId), eq(credentialAccounts.providerId, 'credential')));
      return credential?.password ?? null;
    },

    /**
     * Claims the next account whose grace period has passed (SKIP LOCKED: several instances never purge the
     * same account); run inside a transaction, which holds the claim until `eraseAccount` commits.
     */
    async claimDueDeletion(now: Date) {
      const { rows } = await db.execute<DueAccount>(sql`
        select u.id, u.email, u.deletion_requested_at,
               exists (select 1 from subscriptions s where s.user_id = u.id and s.stripe_subscription_id is not null) as has_subscription,
               (select s.stripe_subscription_id from subscriptions s
                 where s.user_id = u.id and s.status in ('active', 'trialing', 'past_due')) as live_subscription_id
        from users u
        where u.deletion_scheduled_for is not null and u.deletion_scheduled_for <= ${now.toISOString()}
        order by u.deletion_scheduled_for
        limit 1
        for update of u skip locked`);
      const account = rows[0];
      if (!account) return null;
      return {
        id: account.id,
        email: account.email,
        deletionRequestedAt: account.deletion_requested_at ? new Date(account.deletion_requested_at) : null,
        hasSubscription: account.has_subscription,
        /** A provider subscription still billing (the purge ends it first). */
        liveSubscriptionId: account.live_subscription_id,
      };
    },

    /** The stored media files of a user: its entries' and its drafts'. */
    async mediaPathsOf(userId: string): Promise<string[]> {
      // entries-rule: a purge removes every file the account holds, whatever the state of its entry.
      const { rows } = await db.execute<{ path: string }>(sql`
        select media_url as path from entries where user_id = ${userId} and media_url is not null
        union all select a->>'path' from entries, jsonb_array_elements(attachments) a
          where user_id = ${userId} and attachments is not null
        union all select file_path from media_drafts where user_id = ${userId}
        union all select c.media_path from share_copies c join shared_entries s on s.id = c.share_id
          where s.sender_id = ${userId} and c.media_path is not null`);
      return rows.map((row) => row.path);
    },

    async countEntries(userId: string): Promise<number> {
      // entries-rule: the purge's audit counts every row it deletes, deleted entries and letters to the future too.
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from entries where user_id = ${userId}`,
      );
      return rows[0]?.n ?? 0;
    },

    /**
     * Deleting the user cascades to everything it owns (entries, drafts, shares, notes, notifications, future
     * messages, sessions, credentials, subscription, avatar); personal data outside the user's own rows
     * (sign-in history, tokens) goes here too. Contact messages keep no link.
     */
    async eraseAccount(account: { id: string; email: string }) {
      await db.execute(sql`delete from login_attempts where email = ${account.email}`);
      await db.execute(sql`delete from login_lockouts where email = ${account.email}`);
      await db.execute(
        sql`delete from verifications where value = ${account.id} or identifier = ${account.email}`,
      );
      await db.execute(sql`delete from users where id = ${account.id}`);
      await queueSessionsChanged(db, account.id);
    },

    async recordDeletionAudit(values: typeof accountDeletionAudit.$inferInsert) {
      await db.insert(accountDeletionAudit).values(values);
    },

    async setDisabled(email: string, isDisabled: boolean) {
      const [row] = await db
        .update(users)
        .set({ banned: isDisabled, banReason: isDisabled ? 'Disabled by an administrator' : null })
        .where(eq(users.email, email))
        .returning({ id: users.id });
      if (row && isDisabled) await db.delete(sessions).where(eq(sessions.userId, row.id));
      // Run from the CLI as well as the admin area: the NOTIFY reaches every server instance's cache (ADR 047).
      if (row) await queueSessionsChanged(db, row.id);
      return row ?? null;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
