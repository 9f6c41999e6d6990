import { seedEntries } from '../apps/server/src/cli/seed-data.ts';
import { startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';

const bench = await openBenchDatabase();
const { app, config } = await startBenchApp(bench.database);
const [u] = await seedEntries(bench.database, config.encryptionSecret, {
  users: 1,
  entries: 1000,
  password: 'Seed-River-42',
});
const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in',
  payload: { email: u!.email, password: 'Seed-River-42' },
});
const cookie = String(
  ([] as string[])
    .concat(signIn.headers['set-cookie'] as string[])
    .find((c) => c.startsWith('daybook.session_token=')),
).split(';')[0]!;
for (let i = 0; i < 3000; i++)
  await app.inject({ method: 'GET', url: '/api/entries?page=1&pageSize=5', headers: { cookie } });
await app.close();
await bench.drop();
