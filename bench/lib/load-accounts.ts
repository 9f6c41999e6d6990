import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { plans, subscriptions } from '../../apps/server/src/db/schema/index.ts';
import { seedEntries } from '../../apps/server/src/modules/admin/seed.ts';
import type { Account } from './load-generator.ts';

/**
 * The load generator's people, written straight into the target's database as `npm run seed` writes its users
 * (confirmed, with a password), on Premium so that they may share. `liftDailyLimit` raises Premium's daily entry
 * limit for everyone on that database: for a scratch database only (a benchmark's, a test's), never a real one.
 */
export async function createLoadAccounts(
  database: Database,
  count: number,
  options: { liftDailyLimit?: boolean } = {},
): Promise<Account[]> {
  const password = `Load-${randomBytes(6).toString('hex')}-42`;
  // No entries: the people write their own during the run. The encryption secret is then never used.
  const created = await seedEntries(database, 'unused-without-entries', {
    users: count,
    entries: 0,
    password,
    emailPrefix: `load-${randomBytes(3).toString('hex')}`,
  });
  await database.db
    .update(subscriptions)
    .set({ planId: 'premium' })
    .where(
      inArray(
        subscriptions.userId,
        created.map((user) => user.id),
      ),
    );
  if (options.liftDailyLimit)
    await database.db
      .update(plans)
      .set({ dailyEntryLimit: sql`greatest(${plans.dailyEntryLimit}, 1000000000)` })
      .where(inArray(plans.id, ['premium']));
  return created.map((user) => ({ email: user.email, password }));
}
