import { addMonths, localDate } from '@daybook/shared';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedEntries } from '../../apps/server/src/modules/admin/seed.ts';
import { createPlansServiceFor } from '../../apps/server/src/modules/plans/service.ts';
import { ANALYTICS_USER, DASHBOARD_USER, MEDIA_USER, MEMORIES_USER } from './fixture-users.ts';

/**
 * Seeds the run's database before the server starts, with the project's own seed code: entries on past days
 * cannot be written through the API (it dates entries now), and the dashboard tests need them. Test-only: it opens
 * the database directly because DATA_DIR is this run's own fresh temporary directory (serve.ts) and its server is
 * started only after this process has exited; `npm run seed` is the command for a real DATA_DIR (ADR 052).
 */
const config = loadConfig();
const database = await openDatabase(config);
try {
  const now = new Date();
  const day = 24 * 60 * 60 * 1000;
  await seedEntries(database, config.encryptionSecret, {
    users: 1,
    entries: DASHBOARD_USER.pastDays,
    password: DASHBOARD_USER.password,
    email: DASHBOARD_USER.email,
    createdAtFor: (n) => new Date(Math.floor((now.getTime() - (n + 1) * day) / day) * day + 10 * 3600_000),
    textFor: (n) =>
      n + 1 === DASHBOARD_USER.secretWordDay
        ? `Walked out to the ${DASHBOARD_USER.secretWord} at dusk. #walks`
        : `Day ${n + 1} in the garden, weeding and thinking. #garden`,
  });
  await createPlansServiceFor(database.db).grant(DASHBOARD_USER.email, 'premium');
  await seedEntries(database, config.encryptionSecret, {
    users: 1,
    entries: 0,
    password: MEDIA_USER.password,
    email: MEDIA_USER.email,
  });
  await createPlansServiceFor(database.db).grant(MEDIA_USER.email, 'premium');
  // On This Day: the same date a year ago, and a month ago (the calendar arithmetic the server uses).
  const today = localDate(now, 'UTC');
  const memories = [
    { date: addMonths(today, -12), text: MEMORIES_USER.yearAgoText },
    { date: addMonths(today, -1), text: MEMORIES_USER.monthAgoText },
  ];
  await seedEntries(database, config.encryptionSecret, {
    users: 1,
    entries: memories.length,
    password: MEMORIES_USER.password,
    email: MEMORIES_USER.email,
    timezone: 'UTC',
    createdAtFor: (n) => new Date(`${memories[n]!.date}T10:00:00Z`),
    textFor: (n) => memories[n]!.text,
  });
  await seedEntries(database, config.encryptionSecret, {
    users: 1,
    entries: ANALYTICS_USER.pastDays,
    password: ANALYTICS_USER.password,
    email: ANALYTICS_USER.email,
    createdAtFor: (n) => new Date(Math.floor((now.getTime() - (n + 1) * day) / day) * day + 9 * 3600_000),
    textFor: (n) =>
      n % 2 === 0 ? `Weeded the beds and planted beans. #garden` : 'A quiet evening with a book.',
  });
} finally {
  await database.close();
}
