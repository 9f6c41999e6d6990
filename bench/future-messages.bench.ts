import path from 'node:path';
import { encryptText } from '@daybook/shared';
import { emailOutbox, futureMessages } from '../apps/server/src/db/schema/index.ts';
import { futureMessageMail } from '../apps/server/src/infra/mail/templates.ts';
import { benchUser, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';
import { drainScheduledMail, sendWithNodemailerAlone, startCountingSmtp } from './lib/scheduled-mail.ts';

/**
 * Delivered future messages per second, end to end: 10,000 due messages are claimed (SKIP LOCKED), decrypted with
 * the owner's key, rendered, queued in the outbox and marked sent, in batches, while the outbox job hands the
 * e-mails to a local SMTP listener; the clock stops when the listener has them all. Beside it, nodemailer alone
 * sends the same number of the same rendered e-mail to the same listener through the same pooled transport, 100 at
 * a time as the outbox hands them over (the ratio is what we keep of it).
 */
export async function futureMessagesBench(options: { messages?: number; owners?: number } = {}) {
  const total = options.messages ?? 10_000;
  const ownerCount = options.owners ?? 10;
  const bench = await openBenchDatabase();
  const { app, config } = await startBenchApp(bench.database);
  const smtp = await startCountingSmtp();
  try {
    const owners = [];
    for (let i = 0; i < ownerCount; i++) owners.push(await benchUser(app, bench.database));
    const body =
      'Dear me, I hope the garden took. Remember the evening by the river and what you decided there. '.repeat(
        4,
      );
    const past = new Date(Date.now() - 60_000);
    const rows = [];
    for (let i = 0; i < total; i++) {
      const owner = owners[i % owners.length]!;
      const key = await app.services.encryption.keyFor(owner.userId);
      const [title, content] = await Promise.all([
        encryptText(key, `A note for later, number ${i + 1}`),
        encryptText(key, body),
      ]);
      rows.push({
        userId: owner.userId,
        encryptedContent: content.ciphertext,
        metadata: {
          encryption_iv: content.iv,
          encrypted_title: title.ciphertext,
          title_encryption_iv: title.iv,
        },
        sendAt: past,
        deliveryChannel: 'email' as const,
      });
    }
    for (let i = 0; i < rows.length; i += 1000)
      await bench.database.db.insert(futureMessages).values(rows.slice(i, i + 1000));

    // The owners' verification e-mails are not part of the measure.
    await bench.database.db.delete(emailOutbox);

    const { ownSeconds, queuedSeconds } = await drainScheduledMail({
      db: bench.database.db,
      smtp,
      total,
      label: 'future messages',
      deliverDue: () => app.services.futureMessages.deliverDue({ maxBatches: Number.POSITIVE_INFINITY }),
    });

    // Baseline: nodemailer alone, the same rendered e-mail, the same listener.
    const mail = futureMessageMail({
      name: 'Bench User',
      subject: 'A note for later, number 1',
      message: body,
      writtenOn: '22 November 2026',
      url: `${config.appUrl}/me-ahead`,
    });
    const bareSeconds = await sendWithNodemailerAlone(smtp, mail, total);

    const ours = total / ownSeconds;
    const baseline = total / bareSeconds;
    return {
      name: `future messages delivered end to end ÷ nodemailer alone, ${total.toLocaleString('en-GB')} due`,
      driver: bench.database.driver,
      messages: total,
      oursPerSecond: ours,
      baselinePerSecond: baseline,
      /** The delivery job's share alone: claimed, decrypted, rendered, queued and marked per second. */
      queuedPerSecond: total / queuedSeconds,
      ratio: ours / baseline,
      goal: '≥ 600 / s',
    };
  } finally {
    await app.close();
    await smtp.close();
    await bench.drop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const result = await futureMessagesBench({
    messages: Number(process.env.BENCH_FUTURE_MESSAGES ?? 10_000),
  });
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits });
  console.info(
    `${result.name} (${result.driver}): ${fmt(result.oursPerSecond)} / s ÷ ${fmt(result.baselinePerSecond)} / s = ${fmt(result.ratio, 2)} (goal ${result.goal}); queued by the job alone at ${fmt(result.queuedPerSecond)} / s`,
  );
}
