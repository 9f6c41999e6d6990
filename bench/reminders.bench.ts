import path from 'node:path';
import { localDate } from '@daybook/shared';
import { emailOutbox, reminderSettings, users } from '../apps/server/src/db/schema/index.ts';
import { dailyReminderMail } from '../apps/server/src/infra/mail/templates.ts';
import { startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';
import { drainScheduledMail, sendWithNodemailerAlone, startCountingSmtp } from './lib/scheduled-mail.ts';

/**
 * Daily reminders delivered per second, end to end (ADR 042): `total` users whose reminder is due now are claimed
 * (SKIP LOCKED), checked for an entry that day, given their delivery row, e-mail (outbox) and notification, and moved
 * on to their next day, in batches, while the outbox job hands the e-mails to a local SMTP listener; the clock stops
 * when the listener has them all. Beside it, nodemailer alone sends as many of the same rendered e-mail through the
 * same pooled transport, 100 at a time (the ratio is what we keep of it).
 */
export async function remindersBench(options: { users?: number } = {}) {
  const total = options.users ?? 5_000;
  const bench = await openBenchDatabase();
  const { app, config } = await startBenchApp(bench.database);
  const smtp = await startCountingSmtp();
  try {
    // Users and settings written directly: registering thousands through the API would measure argon2.
    const now = new Date();
    const due = new Date(now.getTime() - 30_000);
    const runId = Date.now();
    for (let i = 0; i < total; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, total - i) }, (_, j) => ({
        name: `Bench Reminder ${i + j}`,
        email: `bench-reminder-${runId}-${i + j}@example.com`,
        emailVerified: true,
        timezone: 'UTC',
      }));
      const inserted = await bench.database.db.insert(users).values(batch).returning({ id: users.id });
      await bench.database.db.insert(reminderSettings).values(
        inserted.map(({ id }) => ({
          userId: id,
          enabled: true,
          localTime: '21:00',
          weekdays: [0, 1, 2, 3, 4, 5, 6],
          byEmail: true,
          inApp: true,
          byPush: false,
          nextDueAt: due,
          nextDueDate: localDate(due, 'UTC'),
          nextDueZone: 'UTC',
        })),
      );
    }
    await bench.database.db.delete(emailOutbox);

    const { ownSeconds, queuedSeconds } = await drainScheduledMail({
      db: bench.database.db,
      smtp,
      total,
      label: 'reminders',
      deliverDue: () => app.services.reminders.deliverDue({ maxBatches: Number.POSITIVE_INFINITY }),
    });

    const mail = dailyReminderMail({
      name: 'Bench Reminder',
      time: '21:00',
      days: 'Every day',
      timeZone: 'UTC',
      writeUrl: `${config.appUrl}/new-entry`,
      profileUrl: `${config.appUrl}/profile#reminders`,
      unsubscribeUrl: `${config.appUrl}/reminders/unsubscribe?token=${'x'.repeat(90)}`,
    });
    const bareSeconds = await sendWithNodemailerAlone(smtp, mail, total);

    const ours = total / ownSeconds;
    const baseline = total / bareSeconds;
    return {
      name: `daily reminders delivered end to end ÷ nodemailer alone, ${total.toLocaleString('en-GB')} due`,
      driver: bench.database.driver,
      reminders: total,
      oursPerSecond: ours,
      baselinePerSecond: baseline,
      /** The reminder job's share alone: claimed, checked, recorded, queued and moved on per second. */
      queuedPerSecond: total / queuedSeconds,
      ratio: ours / baseline,
      goal: 'ratio ≥ 0.4 (SMTP bounds it)',
    };
  } finally {
    await app.close();
    await smtp.close();
    await bench.drop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const result = await remindersBench({ users: Number(process.env.BENCH_REMINDERS ?? 5_000) });
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits });
  console.info(
    `${result.name} (${result.driver}): ${fmt(result.oursPerSecond)} / s ÷ ${fmt(result.baselinePerSecond)} / s = ${fmt(result.ratio, 2)} (goal ${result.goal}); queued by the job alone at ${fmt(result.queuedPerSecond)} / s`,
  );
}
