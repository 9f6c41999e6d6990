import { createHmac } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { deriveEntryKey, encryptText, localDate, MOODS } from '@daybook/shared';
import type { Database } from '../../db/client.ts';
import { hashPassword } from '../../infra/auth/passwords.ts';
import type { Clock } from '../../lib/clock.ts';
import { type AdminRequest, type AdminResponse, failed, succeeded } from './protocol.ts';
import { createSeedRepository, type SeedEntryRow } from './seed-repository.ts';

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
  /** Checked between batches: the seed stops there, keeping the users and entries written so far. */
  signal?: AbortSignal;
};

/**
 * Creates verified users with encrypted entries spread over the past year, in batches of 1,000 rows, each awaited:
 * inside the running server other requests take their turn between two batches.
 */
export async function seedEntries(database: Database, encryptionSecret: string, options: SeedOptions) {
  const repository = createSeedRepository(database);
  const now = options.now ?? new Date();
  const prefix = options.emailPrefix ?? 'seed';
  const passwordHash = await hashPassword(options.password);
  const perUser = Math.floor(options.entries / options.users);
  const remainder = options.entries - perUser * options.users;
  const timezone = options.timezone ?? 'UTC';
  const created: { id: string; email: string; entries: number }[] = [];
  let inserted = 0;

  for (let u = 0; u < options.users; u++) {
    options.signal?.throwIfAborted();
    const email =
      u === 0 && options.email
        ? options.email
        : `${prefix}-${u + 1}-${now.getTime().toString(36)}@daybook.local`;
    const userId = await repository.insertUser({ name: `Seed User ${u + 1}`, email, timezone, passwordHash });
    const count = perUser + (u < remainder ? 1 : 0);
    created.push({ id: userId, email, entries: 0 });

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
    for (let start = 0; start < count; start += BATCH) {
      options.signal?.throwIfAborted();
      const size = Math.min(BATCH, count - start);
      const rows: SeedEntryRow[] = [];
      for (let i = 0; i < size; i++) {
        const n = start + i;
        const sealed = options.textFor ? await encryptText(key, options.textFor(n)) : pool[n % pool.length]!;
        const createdAt =
          options.createdAtFor?.(n) ??
          new Date(now.getTime() - Math.floor((n / Math.max(1, count)) * 365 * DAY_MS) - (n % 7) * 1000);
        rows.push({
          userId,
          ciphertext: sealed.ciphertext,
          iv: sealed.iv,
          moodTag: MOODS[n % 16]!.label,
          entryDate: localDate(createdAt, timezone),
          createdAt,
        });
      }
      await repository.insertEntries(rows);
      inserted += size;
      created[u]!.entries += size;
      options.onProgress?.(inserted);
      // PGlite runs each statement synchronously and resolves it as a microtask, so a loop of awaited inserts never
      // lets the event loop read a socket: inside the server no request would be answered until the seed ends.
      // One turn of the loop per batch lets them in (measured: /api/health waited 8 s during a 40,000-entry seed).
      await nextTurn();
    }
  }
  await repository.analyzeEntries();
  return created;
}

/** A progress line about every tenth of the seed, never more often than every 10,000 entries. */
export function progressStep(entries: number): number {
  return Math.max(10_000, Math.ceil(entries / 10 / 10_000) * 10_000);
}

const formatCount = (n: number) => n.toLocaleString('en-GB');

/**
 * `npm run seed` as an admin command (service.ts), run by the server that holds the embedded database or by the
 * CLI itself: progress lines go to `report` as the batches land, and the answer says whom to sign in as.
 */
export async function runSeedCommand(
  deps: { database: Database; encryptionSecret: string; clock: Clock },
  request: Extract<AdminRequest, { command: 'seed' }>,
  context: { report?: (line: string) => void; signal?: AbortSignal } = {},
): Promise<AdminResponse> {
  const started = deps.clock.now().getTime();
  const step = progressStep(request.entries);
  let nextReport = step;
  let written = 0;
  try {
    const created = await seedEntries(deps.database, deps.encryptionSecret, {
      users: request.users,
      entries: request.entries,
      password: request.password,
      now: deps.clock.now(),
      signal: context.signal,
      onProgress: (inserted) => {
        written = inserted;
        if (inserted < nextReport) return;
        context.report?.(`  ${formatCount(inserted)} entries…`);
        while (nextReport <= inserted) nextReport += step;
      },
    });
    const seconds = ((deps.clock.now().getTime() - started) / 1000).toFixed(1);
    return succeeded([
      `Seeded ${request.users} users and ${formatCount(request.entries)} encrypted entries in ${seconds} s.`,
      `Sign in as ${created[0]!.email} with the password ${request.password}.`,
    ]);
  } catch (error) {
    if (!context.signal?.aborted) throw error;
    return failed(
      'cancelled',
      `The seed was stopped after ${formatCount(written)} entries; the users and entries written so far remain.`,
    );
  }
}
