import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

export type OutgoingMail = {
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
  if (smtpUrl) {
    // Pooled: a batch of the outbox is sent over a few kept-open connections instead of one connection (and one
    // TCP and SMTP handshake) per message, which is what bounds throughput to a relay (ADR 025).
    const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 5 });
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail({
          from,
          ...mail,
          replyTo: mail.replyTo ?? undefined,
          headers: mail.headers ?? undefined,
        });
      },
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'mailbox',
    async send(mail) {
      const info = await transporter.sendMail({
        from,
        ...mail,
        replyTo: mail.replyTo ?? undefined,
        headers: mail.headers ?? undefined,
      });
      await mkdir(mailDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = `${stamp}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`;
      // Mail holds reset and verification links: readable by the server's user only.
      await writeFile(path.join(mailDir, file), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transporter.close(),
  };
}
