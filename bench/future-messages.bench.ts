import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { encryptText } from '@daybook/shared';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { emailOutbox, futureMessages } from '../apps/server/src/db/schema/index.ts';
import { deliverDueMail } from '../apps/server/src/infra/mail/outbox.ts';
import { futureMessageMail } from '../apps/server/src/infra/mail/templates.ts';
import { createMailTransport } from '../apps/server/src/infra/mail/transport.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { benchUser, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';

const FROM = 'Daybook <no-reply@daybook.bench>';

/** A real SMTP listener on a free loopback port that accepts and counts messages (the relay's side, kept cheap). */
export async function startCountingSmtp() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A relay looks its clients up in DNS; here that would measure this machine's resolver, not the app.
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received++;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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

    // Ours: the delivery job and the outbox job running side by side, as the scheduler runs them.
    const transport = createMailTransport({
      mail: { from: FROM, smtpUrl: smtp.url, mailDir: '', contactEmail: undefined },
    });
    const ownStart = performance.now();
    let isQueuing = true;
    let queuedSeconds = 0;
    const queuing = app.services.futureMessages
      .deliverDue({ maxBatches: Number.POSITIVE_INFINITY })
      .finally(() => {
        isQueuing = false;
        queuedSeconds = (performance.now() - ownStart) / 1000;
      });
    let sentByOutbox = 0;
    for (;;) {
      const { sent } = await deliverDueMail(bench.database.db, transport, systemClock, 100);
      sentByOutbox += sent;
      if (sent === 0 && !isQueuing) break;
      // An empty outbox while the job is still queuing: look again shortly (the real job waits 5 s), rather than
      // spin on empty claims and take the CPU from the job being measured.
      if (sent === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const report = await queuing;
    const ownSeconds = (performance.now() - ownStart) / 1000;
    transport.close();
    if (report.sent !== total || sentByOutbox < total || smtp.received() < total) {
      throw new Error(
        `future messages bench: ${report.sent} queued, ${sentByOutbox} sent, ${smtp.received()} received of ${total}`,
      );
    }

    // Baseline: nodemailer alone, the same rendered e-mail, the same listener.
    const mail = futureMessageMail({
      name: 'Bench User',
      subject: 'A note for later, number 1',
      message: body,
      writtenOn: '22 November 2026',
      url: `${config.appUrl}/me-ahead`,
    });
    // Configured as ours (a pool of 5 connections) and fed as the outbox feeds it, 100 at a time.
    const bare = nodemailer.createTransport({ url: smtp.url, pool: true, maxConnections: 5 });
    const bareStart = performance.now();
    for (let i = 0; i < total; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, total - i) }, () =>
          bare.sendMail({
            from: FROM,
            to: 'bench@example.com',
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
          }),
        ),
      );
    }
    const bareSeconds = (performance.now() - bareStart) / 1000;
    bare.close();

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
