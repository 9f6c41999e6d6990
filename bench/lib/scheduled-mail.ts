import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../../apps/server/src/db/client.ts';
import { deliverDueMail } from '../../apps/server/src/infra/mail/outbox.ts';
import type { RenderedMail } from '../../apps/server/src/infra/mail/templates.ts';
import { createMailTransport } from '../../apps/server/src/infra/mail/transport.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';

const FROM = 'Daybook <no-reply@daybook.bench>';
/** The outbox job hands this many e-mails to the transport at a time; the baseline is fed the same way. */
const OUTBOX_BATCH = 100;

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

type CountingSmtp = Awaited<ReturnType<typeof startCountingSmtp>>;

/**
 * A scheduled-mail job (future messages, daily reminders) and the outbox job running side by side, as the
 * scheduler runs them, until the listener has all `total` e-mails: the seconds for the whole, and for the job's
 * own share (claiming and queuing). `label` names the job in the error thrown when mail goes missing.
 */
export async function drainScheduledMail(options: {
  db: Database['db'];
  smtp: CountingSmtp;
  total: number;
  label: string;
  deliverDue: () => Promise<{ sent: number }>;
}): Promise<{ ownSeconds: number; queuedSeconds: number }> {
  const { db, smtp, total, label } = options;
  const transport = createMailTransport({
    mail: { from: FROM, smtpUrl: smtp.url, mailDir: '', contactEmail: undefined },
  });
  const ownStart = performance.now();
  let isQueuing = true;
  let queuedSeconds = 0;
  const queuing = options.deliverDue().finally(() => {
    isQueuing = false;
    queuedSeconds = (performance.now() - ownStart) / 1000;
  });
  let sentByOutbox = 0;
  for (;;) {
    const { sent } = await deliverDueMail(db, transport, systemClock, OUTBOX_BATCH);
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
      `${label} bench: ${report.sent} queued, ${sentByOutbox} sent, ${smtp.received()} received of ${total}`,
    );
  }
  return { ownSeconds, queuedSeconds };
}

/**
 * The baseline: nodemailer alone sends `total` copies of the same rendered e-mail to the same listener, configured
 * as ours (a pool of 5 connections) and fed as the outbox feeds it. Answers the seconds it took.
 */
export async function sendWithNodemailerAlone(smtp: CountingSmtp, mail: RenderedMail, total: number) {
  const bare = nodemailer.createTransport({ url: smtp.url, pool: true, maxConnections: 5 });
  const start = performance.now();
  for (let i = 0; i < total; i += OUTBOX_BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(OUTBOX_BATCH, total - i) }, () =>
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
  const seconds = (performance.now() - start) / 1000;
  bare.close();
  return seconds;
}
