import type { SessionUser } from '@daybook/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { avatars, plans, sessions, subscriptions, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

type LiveSessionRow = {
  session_id: string;
  expires_at: string | Date;
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

    /** Plan and intent; a user without a subscription row is on Free. */
    async planOf(userId: string) {
      const [row] = await db
        .select({
          plan: plans,
          subscriptionIntent: subscriptions.subscriptionIntent,
          billingCyclePreference: subscriptions.billingCyclePreference,
          stripeSubscriptionId: subscriptions.stripeSubscriptionId,
        })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, userId));
      if (row) return row;
      const [free] = await db.select().from(plans).where(eq(plans.id, 'free'));
      return {
        plan: free!,
        subscriptionIntent: null,
        billingCyclePreference: 'month' as const,
        stripeSubscriptionId: null,
      };
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

    /** A live session and its user in one round trip: the hot path of every signed-in request. */
    async findLiveSession(token: string, now: Date) {
      const { rows } = await db.execute<LiveSessionRow>(sql`
        select s.id as session_id, s.expires_at, u.id, u.email, u.name, u.image, u.role, u.timezone,
               u.email_verified, u.banned
        from sessions s join users u on u.id = s.user_id
        where s.token = ${token} and s.expires_at > ${now.toISOString()}`);
      const row = rows[0];
      if (!row) return null;
      return {
        sessionId: row.session_id,
        expiresAt: new Date(row.expires_at),
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
      return row ?? null;
    },

    /** An operator's grant (Basic has no public price; DESIGN.md). */
    async setPlan(email: string, planId: 'free' | 'basic' | 'premium') {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) return null;
      await db
        .insert(subscriptions)
        .values({ userId: user.id, planId })
        .onConflictDoUpdate({ target: subscriptions.userId, set: { planId, updatedAt: sql`now()` } });
      return user;
    },

    async setDisabled(email: string, isDisabled: boolean) {
      const [row] = await db
        .update(users)
        .set({ banned: isDisabled, banReason: isDisabled ? 'Disabled by an administrator' : null })
        .where(eq(users.email, email))
        .returning({ id: users.id });
      if (row && isDisabled) await db.delete(sessions).where(eq(sessions.userId, row.id));
      return row ?? null;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
