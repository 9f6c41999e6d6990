import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, subscriptions, users } from '../../db/schema/index.ts';

export type SeedUser = { name: string; email: string; timezone: string; passwordHash: string };

export type SeedEntryRow = {
  userId: string;
  ciphertext: string;
  iv: string;
  moodTag: string;
  entryDate: string;
  createdAt: Date;
};

/** The sample data's writes (seed.ts): whole users, and entries many rows to a statement. */
export function createSeedRepository(database: Database) {
  return {
    /** A verified user with a password and the Free plan, in one transaction: a seed stopped midway leaves none half-made. */
    async insertUser(user: SeedUser): Promise<string> {
      return database.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ name: user.name, email: user.email, emailVerified: true, timezone: user.timezone })
          .returning({ id: users.id });
        const userId = row!.id;
        await tx
          .insert(accounts)
          .values({ userId, accountId: userId, providerId: 'credential', password: user.passwordHash });
        await tx.insert(subscriptions).values({ userId });
        return userId;
      });
    },

    /** One multi-row insert: at a million rows, Drizzle's per-row building costs more than the database does. */
    async insertEntries(rows: SeedEntryRow[]): Promise<void> {
      if (rows.length === 0) return;
      const values: unknown[] = [];
      const tuples = rows.map((row) => {
        const p = values.length;
        values.push(
          row.userId,
          row.ciphertext,
          JSON.stringify({ encryption_iv: row.iv }),
          row.moodTag,
          row.entryDate,
          row.createdAt.toISOString(),
        );
        return `($${p + 1}, $${p + 2}, 1, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 6})`;
      });
      await database.query(
        `insert into entries (user_id, encrypted_content, encryption_version, metadata, mood_tag, entry_date, created_at, updated_at) values ${tuples.join(',')}`,
        values,
      );
    },

    /** Fresh statistics and visibility map, as autovacuum would give a live database. */
    async analyzeEntries(): Promise<void> {
      await database.db.execute(sql`vacuum analyze entries`);
    },
  };
}
