import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

export type OutgoingMail = {
  /**
   * The outbox row's id: the message's Message-ID is made from it, the same on every attempt, so a message sent
   * again after an instance died in the instant of its mark is recognisably the same message (ADR 090).
   */
  id?: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string> | null;
};

/** Where mail goes: SMTP when configured, otherwise `.eml` files in the local mailbox (embedded default). */
export type MailTransport = {
  kind: 'smtp' | 'mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export function createMailTransport(config: Pick<Config, 'mail'>): MailTransport {
  const { from, smtpUrl, mailDir } = config.mail;
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'daybook.local';
  const message = ({ id, ...mail }: OutgoingMail) => ({
    from,
    ...mail,
    ...(id ? { messageId: `<${id}@${domain}>` } : {}),
    replyTo: mail.replyTo ?? undefined,
    headers: mail.headers ?? undefined,
  });
  if (smtpUrl) {
    // Pooled: a batch of the outbox is sent over a few kept-open connections instead of one connection (and one
    // TCP and SMTP handshake) per message, which is what bounds throughput to a relay (ADR 025).
    // The timeouts bound a send well inside the outbox's lease (OUTBOX_LEASE_MS): nodemailer's own defaults (two
    // minutes to connect, ten of socket silence) would let a lease end while the message is still being sent.
    const transporter = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 5,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail(message(mail));
      },
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'mailbox',
    async send(mail) {
      const info = await transporter.sendMail(message(mail));
      await mkdir(mailDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = `${stamp}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`;
      // Mail holds reset and verification links: readable by the server's user only.
      await writeFile(path.join(mailDir, file), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transporter.close(),
  };
}
