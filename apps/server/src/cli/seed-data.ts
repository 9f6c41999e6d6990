import { createHmac } from 'node:crypto';
import { deriveEntryKey, encryptText, localDate, MOODS } from '@daybook/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, subscriptions, users } from '../db/schema/index.ts';
import { hashPassword } from '../infra/auth/passwords.ts';

const OPENINGS = [
  'Woke up early',
  'A long day at work',
  'Rain all afternoon',
  'Coffee with Sam',
  'Quiet evening at home',
  'Walked by the river',
];
const MIDDLES = ['and I felt', 'which left me', 'and somehow I was', 'so I ended up'];
const ENDINGS = [
  'grateful for small things.',
  'tired but content.',
  'restless, thinking about next week.',
  'calmer than I expected.',
  'proud of finishing the report.',
];
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 1000;

export type SeedOptions = {
  users: number;
  /** Entries in total, spread evenly over the users. */
  entries: number;
  password: string;
  emailPrefix?: string;
  /** Distinct ciphertexts per user; further entries reuse them (each a valid entry under the user's key). */
  distinctTexts?: number;
  now?: Date;
  /** The e-mail of the first user (fixtures need a known address). */
  email?: string;
  /** Entry text and creation time by index, instead of the generated ones. */
  textFor?: (n: number) => string;
  createdAtFor?: (n: number) => Date;
  timezone?: string;
  onProgress?: (inserted: number) => void;
};

/** Creates verified users with encrypted entries spread over the past year, in batches of 1,000 rows. */
export async function seedEntries(database: Database, encryptionSecret: string, options: SeedOptions) {
  const now = options.now ?? new Date();
  const prefix = options.emailPrefix ?? 'seed';
  const passwordHash = await hashPassword(options.password);
  const perUser = Math.floor(options.entries / options.users);
  const remainder = options.entries - perUser * options.users;
  const created: { id: string; email: string; entries: number }[] = [];
  let inserted = 0;

  for (let u = 0; u < options.users; u++) {
    const email =
      u === 0 && options.email
        ? options.email
        : `${prefix}-${u + 1}-${now.getTime().toString(36)}@daybook.local`;
    const [user] = await database.db
      .insert(users)
      .values({ name: `Seed User ${u + 1}`, email, emailVerified: true, timezone: options.timezone ?? 'UTC' })
      .returning({ id: users.id });
    const userId = user!.id;
    await database.db
      .insert(accounts)
      .values({ userId, accountId: userId, providerId: 'credential', password: passwordHash });
    await database.db.insert(subscriptions).values({ userId });

    const salt = createHmac('sha256', encryptionSecret).update(userId).digest('base64');
    const key = await deriveEntryKey(userId, salt);
    const pool = await Promise.all(
      Array.from({ length: Math.min(options.distinctTexts ?? 200, Math.max(1, perUser)) }, (_, i) =>
        encryptText(
          key,
          `${OPENINGS[i % OPENINGS.length]} ${MIDDLES[i % MIDDLES.length]} ${ENDINGS[i % ENDINGS.length]} (#${i + 1})`,
        ),
      ),
    );
    const count = perUser + (u < remainder ? 1 : 0);
    for (let start = 0; start < count; start += BATCH) {
      const size = Math.min(BATCH, count - start);
      const values: unknown[] = [];
      const rows: string[] = [];
      for (let i = 0; i < size; i++) {
        const n = start + i;
        const sealed = options.textFor ? await encryptText(key, options.textFor(n)) : pool[n % pool.length]!;
        const createdAt =
          options.createdAtFor?.(n) ??
          new Date(now.getTime() - Math.floor((n / Math.max(1, count)) * 365 * DAY_MS) - (n % 7) * 1000);
        const p = values.length;
        rows.push(`($${p + 1}, $${p + 2}, 1, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 6})`);
        values.push(
          userId,
          sealed.ciphertext,
          JSON.stringify({ encryption_iv: sealed.iv }),
          MOODS[n % 16]!.label,
          localDate(createdAt, options.timezone ?? 'UTC'),
          createdAt.toISOString(),
        );
      }
      await database.query(
        `insert into entries (user_id, encrypted_content, encryption_version, metadata, mood_tag, entry_date, created_at, updated_at) values ${rows.join(',')}`,
        values,
      );
      inserted += size;
      options.onProgress?.(inserted);
    }
    created.push({ id: userId, email, entries: count });
  }
  // Fresh statistics and visibility map, as autovacuum would give a live database.
  await database.db.execute(sql`vacuum analyze entries`);
  return created;
}
