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
console.log(
  (
    await bench.database.query(
      `explain analyze select id from entries where user_id = '${u!.id}' and deleted_at is null and source_type <> 'future_me' order by created_at desc, id desc limit 5`,
    )
  )
    .map((r: any) => Object.values(r)[0])
    .join('\n'),
);
const t = (label: string) => {
  const s = performance.now();
  return () => console.log(label, (performance.now() - s).toFixed(1), 'ms');
};
for (const [label, url] of [
  ['me', '/api/me'],
  ['session', '/api/auth/session'],
  ['entries', '/api/entries?page=1&pageSize=5'],
  ['health', '/api/health'],
]) {
  const done = t(`300 x ${label}`);
  for (let i = 0; i < 300; i++) await app.inject({ method: 'GET', url: url!, headers: { cookie } });
  done();
}
const { createAccountRepository } = await import('../apps/server/src/modules/account/repository.ts');
const { createRateLimiter } = await import('../apps/server/src/infra/http/rate-limit-store.ts');
const repo = createAccountRepository(bench.database.db);
const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
let done = t('300 x findLiveSession');
for (let i = 0; i < 300; i++) await repo.findLiveSession(token, new Date());
done();
const limiter = createRateLimiter(bench.database);
done = t('300 x limiter.hit');
for (let i = 0; i < 300; i++) await limiter.hit('k', 60000);
done();
done = t('300 x raw select 1');
for (let i = 0; i < 300; i++) await bench.database.query('select 1');
done();
await app.close();
await bench.drop();
