import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedEntries } from './seed-data.ts';

/** `npm run seed -- --users 10 --entries 10000 [--password Seed-River-42]`: encrypted entries at scale. */
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10' },
    entries: { type: 'string', default: '1000' },
    password: { type: 'string', default: 'Seed-River-42' },
  },
});
const users = Number(values.users);
const entries = Number(values.entries);
if (!Number.isInteger(users) || users < 1 || !Number.isInteger(entries) || entries < 0) {
  console.error('Usage: npm run seed -- --users N --entries M   (N ≥ 1, M ≥ 0)');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
const started = Date.now();
try {
  const created = await seedEntries(database, config.encryptionSecret, {
    users,
    entries,
    password: values.password,
    onProgress: (n) => {
      if (n % 50_000 === 0) console.info(`  ${n.toLocaleString('en-GB')} entries…`);
    },
  });
  console.info(
    `Seeded ${users} users and ${entries.toLocaleString('en-GB')} encrypted entries in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  console.info(`Sign in as ${created[0]?.email} with the password ${values.password}.`);
} finally {
  await database.close();
}
