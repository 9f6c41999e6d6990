import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema/index.ts';
import {
  deliverDueMail,
  enqueueMail,
  FAILED_MAIL_KEEP_DAYS,
  forgetStaleFailedMail,
  OUTBOX_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
  retryDelayMs,
} from '../src/infra/mail/outbox.ts';
import { contactMessageMail } from '../src/infra/mail/templates.ts';
import { createMailTransport } from '../src/infra/mail/transport.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { createTestDatabase } from './support/database.ts';
import { startSmtpServer } from './support/smtp.ts';

const mail = {
  ...contactMessageMail({
    name: 'Sam <script>',
    email: 'sam@example.com',
    topic: 'support',
    subject: 'Help',
    message: 'Line one\nLine two',
  }),
  to: 'team@daybook.test',
  replyTo: 'sam@example.com',
};

describe('mail outbox', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clock = new ManualClock(new Date('2026-11-21T10:00:00Z'));

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await database.dropAll();
  });

  it('delivers over real SMTP with HTML escaped and the text part intact', async () => {
    await enqueueMail(database.db, mail, clock.now());
    const transport = createMailTransport({
      mail: {
        from: 'Daybook <no-reply@daybook.test>',
        smtpUrl: smtp.url,
        mailDir: '',
        contactEmail: undefined,
      },
    });
    expect(await deliverDueMail(database.db, transport, clock)).toEqual({ sent: 1, failed: 0 });
    transport.close();
    const [received] = smtp.received;
    expect(received?.subject).toBe('[Contact · support] Help');
    expect(received?.replyTo?.text).toBe('sam@example.com');
    expect(received?.text).toContain('Line one\nLine two');
    expect(received?.html).toContain('Sam &lt;script&gt;');
    const [row] = await database.db.select().from(emailOutbox);
    // Delivered: the record stays, its content does not.
    expect(row).toMatchObject({ status: 'sent', attempts: 1, subject: '', html: '', text: '' });
  });

  it('keeps a message and backs off while SMTP is down, then delivers it', async () => {
    await database.db.delete(emailOutbox);
    await enqueueMail(database.db, mail, clock.now());
    const down = createMailTransport({
      mail: { from: 'x@daybook.test', smtpUrl: 'smtp://127.0.0.1:1', mailDir: '', contactEmail: undefined },
    });
    expect(await deliverDueMail(database.db, down, clock)).toEqual({ sent: 0, failed: 1 });
    let [row] = await database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));

    // Not due yet: nothing is attempted.
    expect(await deliverDueMail(database.db, down, clock)).toEqual({ sent: 0, failed: 0 });

    clock.advance(retryDelayMs(1));
    const up = createMailTransport({
      mail: { from: 'x@daybook.test', smtpUrl: smtp.url, mailDir: '', contactEmail: undefined },
    });
    const before = smtp.received.length;
    expect(await deliverDueMail(database.db, up, clock)).toEqual({ sent: 1, failed: 0 });
    up.close();
    down.close();
    expect(smtp.received.length).toBe(before + 1);
    [row] = await database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('leases what it claims: two deliverers send each message once, and one that died leaves it due after the lease, with the same Message-ID', async () => {
    await database.db.delete(emailOutbox);
    const ids = [];
    for (let i = 0; i < 6; i++)
      ids.push((await enqueueMail(database.db, { ...mail, to: `n${i}@daybook.test` }, clock.now())).id);
    const smtpConfig = {
      from: 'Daybook <no-reply@daybook.test>',
      smtpUrl: smtp.url,
      mailDir: '',
      contactEmail: undefined,
    };
    const [one, two] = [createMailTransport({ mail: smtpConfig }), createMailTransport({ mail: smtpConfig })];
    const before = smtp.received.length;
    const runs = await Promise.all([
      deliverDueMail(database.db, one, clock, 3),
      deliverDueMail(database.db, two, clock, 3),
    ]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(6);
    const received = smtp.received.slice(before);
    expect(received.map((m) => m.messageId).sort()).toEqual(ids.map((id) => `<${id}@daybook.test>`).sort());

    // A deliverer that claims a message and never comes back (its instance was killed mid-send).
    const lost = await enqueueMail(database.db, { ...mail, to: 'lost@daybook.test' }, clock.now());
    const dying = { kind: 'smtp' as const, send: () => new Promise<void>(() => {}), close() {} };
    void deliverDueMail(database.db, dying, clock);
    await expect
      .poll(
        async () =>
          (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, lost.id)))[0]!
            .nextAttemptAt > clock.now(),
      )
      .toBe(true);
    // Leased: no other deliverer takes it while the lease holds…
    expect(await deliverDueMail(database.db, one, clock)).toEqual({ sent: 0, failed: 0 });
    // …and after it, another sends it, as the same message.
    clock.advance(OUTBOX_LEASE_MS);
    expect(await deliverDueMail(database.db, two, clock)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.at(-1)?.messageId).toBe(`<${lost.id}@daybook.test>`);
    one.close();
    two.close();
  });

  it('gives up after the last attempt, marks the message failed and forgets its content a week later', async () => {
    await database.db.delete(emailOutbox);
    await enqueueMail(database.db, mail, clock.now());
    await database.db.update(emailOutbox).set({ attempts: OUTBOX_MAX_ATTEMPTS - 1 });
    const down = createMailTransport({
      mail: { from: 'x@daybook.test', smtpUrl: 'smtp://127.0.0.1:1', mailDir: '', contactEmail: undefined },
    });
    await deliverDueMail(database.db, down, clock);
    down.close();
    const [row] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'team@daybook.test'));
    // Kept for the keep period, so that an admin can send it again once the cause is fixed (ADR 034).
    expect(row).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS, subject: mail.subject });
    expect(row?.lastError).toBeTruthy();
    expect(await forgetStaleFailedMail(database.db, clock)).toBe(0);
    const later = new ManualClock(
      new Date(clock.now().getTime() + (FAILED_MAIL_KEEP_DAYS + 1) * 24 * 3600_000),
    );
    expect(await forgetStaleFailedMail(database.db, later)).toBe(1);
    const [forgotten] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'team@daybook.test'));
    expect(forgotten).toMatchObject({ status: 'failed', subject: '', html: '', text: '' });
  });

  it('writes .eml files to the local mailbox when no SMTP server is configured', async () => {
    const mailDir = path.join(os.tmpdir(), `daybook-mailbox-${process.pid}`);
    await rm(mailDir, { recursive: true, force: true });
    await database.db.delete(emailOutbox);
    await enqueueMail(database.db, mail, clock.now());
    const mailbox = createMailTransport({
      mail: { from: 'x@daybook.test', smtpUrl: undefined, mailDir, contactEmail: undefined },
    });
    expect(await deliverDueMail(database.db, mailbox, clock)).toEqual({ sent: 1, failed: 0 });
    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(mailDir, files[0]!), 'utf8');
    expect(eml).toContain('To: team@daybook.test');
    expect(eml).toContain('Subject: =?UTF-8?');
    await rm(mailDir, { recursive: true, force: true });
  });
});
