import { count, desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/index.ts';

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type NewAuditRow = typeof adminAuditLog.$inferInsert;

/** The admin audit log: appended to by every admin action, read newest first by the admin area. */
export function createAuditRepository(db: Executor) {
  return {
    async append(row: NewAuditRow): Promise<void> {
      await db.insert(adminAuditLog).values(row);
    },

    async page(offset: number, limit: number): Promise<{ items: AuditRow[]; total: number }> {
      const [items, [totals]] = await Promise.all([
        db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.seq)).limit(limit).offset(offset),
        db.select({ total: count() }).from(adminAuditLog),
      ]);
      return { items, total: totals?.total ?? 0 };
    },
  };
}
