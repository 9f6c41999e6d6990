import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { queueSessionsChanged } from '../../db/live-events.ts';
import { accounts, sessions, subscriptions, users } from '../../db/schema/index.ts';

/** The operator's writes that no user-facing flow makes (the rest reuse the account repository). */
export function createAdminRepository(db: Db) {
  return {
    /** The user's id and whether the address was confirmed before this call; null when there is no such user. */
    async confirmEmail(email: string, now: Date) {
      const [before] = await db
        .select({ id: users.id, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.email, email));
      if (!before) return null;
      if (!before.emailVerified) {
        await db.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, before.id));
        await queueSessionsChanged(db, before.id);
      }
      return { id: before.id, wasConfirmed: before.emailVerified };
    },

    /** Replaces (or creates) the e-mail credential and ends every session, in one transaction. */
    async replacePassword(userId: string, passwordHash: string, now: Date) {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(accounts)
          .set({ password: passwordHash, updatedAt: now })
          .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
          .returning({ id: accounts.id });
        if (updated.length === 0) {
          await tx
            .insert(accounts)
            .values({ userId, accountId: userId, providerId: 'credential', password: passwordHash });
        }
        const ended = await tx
          .delete(sessions)
          .where(eq(sessions.userId, userId))
          .returning({ id: sessions.id });
        await queueSessionsChanged(tx, userId);
        return { endedSessions: ended.length };
      });
    },
  };
}

export type AdminUserRow = {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  banned: boolean;
  emailVerified: boolean;
  deletionScheduledFor: Date | null;
  createdAt: Date;
  planId: string | null;
  lastSeenAt: Date | null;
};

/** The people list of the admin area: account columns, plan and last activity; no entry, mood or media column. */
export function createUserDirectoryRepository(db: Executor) {
  const lastSeen = sql<Date | null>`(select max(${sessions.updatedAt}) from ${sessions} where ${sessions.userId} = ${users.id})`;
  const columns = {
    id: users.id,
    email: users.email,
    name: users.name,
    role: users.role,
    banned: users.banned,
    emailVerified: users.emailVerified,
    deletionScheduledFor: users.deletionScheduledFor,
    createdAt: users.createdAt,
    planId: subscriptions.planId,
    lastSeenAt: lastSeen,
  };
  const matching = (query: string) => {
    if (!query) return undefined;
    // ILIKE's own wildcards in the search text match themselves.
    const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(ilike(users.email, pattern), ilike(users.name, pattern));
  };
  const toRow = (row: Omit<AdminUserRow, 'lastSeenAt'> & { lastSeenAt: Date | string | null }) => ({
    ...row,
    lastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt),
  });

  return {
    async search(
      query: string,
      offset: number,
      limit: number,
    ): Promise<{ items: AdminUserRow[]; total: number }> {
      const where = matching(query);
      const [items, [totals]] = await Promise.all([
        db
          .select(columns)
          .from(users)
          .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { items: items.map(toRow), total: totals?.total ?? 0 };
    },

    async findById(id: string): Promise<AdminUserRow | null> {
      const [row] = await db
        .select(columns)
        .from(users)
        .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
        .where(eq(users.id, id));
      return row ? toRow(row) : null;
    },
  };
}
