/*
 * What one due letter becomes for its delivery (ADR 025, ADR 098): its e-mail, rendered in memory from the text
 * the server may read (a version-1 letter, or a private letter's e-mail copy) or a notice without it, or the
 * failure that keeps it back. Apart from the delivery job because nothing here touches the database.
 */
import { decryptText, PRIVATE_MODE } from '@daybook/shared';
import { futureMessageMail, futureMessageNoticeMail, type RenderedMail } from '../../infra/mail/templates.ts';
import { emailCopyOf, type FutureMessagesContext, type StoredEmailCopy } from './context.ts';
import type { DueMessage } from './repository.ts';

/** Kept as the failure reason; like every reason it holds none of the message's text. */
export const FAILURE_REASONS = {
  ownerUnavailable: 'owner unavailable',
  undecryptable: 'the message could not be decrypted with the owner key',
  unrenderable: 'the e-mail could not be prepared',
  unqueueable: 'the delivery could not be written',
} as const;

export type Prepared =
  | { kind: 'deliver'; message: DueMessage; mail: (RenderedMail & { to: string }) | null; notify: boolean }
  | { kind: 'fail'; message: DueMessage; reason: string; isPermanent: boolean };

export function createDeliveryMail(ctx: FutureMessagesContext) {
  const { keys } = ctx;
  const dateFormats = new Map<string, Intl.DateTimeFormat>();

  /** "22 November 2026" in the owner's zone (UTC when the stored zone is not one Intl knows). */
  function dayLabel(date: Date, timeZone: string): string {
    let format = dateFormats.get(timeZone);
    if (!format) {
      try {
        format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone });
      } catch {
        format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
      }
      dateFormats.set(timeZone, format);
    }
    return format.format(date);
  }

  /**
   * The text an e-mail may hold: a version-1 letter's own, or a private letter's e-mail copy (ticked by its writer);
   * null for a private letter without one, whose e-mail is the notice (ADR 098). Throws when it does not decrypt.
   */
  async function readableForMail(message: DueMessage): Promise<{ subject: string; body: string } | null> {
    const meta = message.metadata;
    let sealed: StoredEmailCopy;
    if (message.encryptionVersion === PRIVATE_MODE.encryptionVersion) {
      const copy = emailCopyOf(meta);
      if (!copy) return null;
      sealed = copy;
    } else {
      sealed = {
        encrypted_title: String(meta.encrypted_title),
        title_encryption_iv: String(meta.title_encryption_iv),
        encrypted_content: message.encryptedContent,
        encryption_iv: String(meta.encryption_iv),
      };
    }
    const key = await keys.keyFor(message.userId);
    const [subject, body] = await Promise.all([
      decryptText(key, { ciphertext: sealed.encrypted_title, iv: sealed.title_encryption_iv }),
      decryptText(key, { ciphertext: sealed.encrypted_content, iv: sealed.encryption_iv }),
    ]);
    return { subject, body };
  }

  /**
   * Decrypts (where the server may) and renders one due message in memory; nothing here touches the database. A
   * letter delivered in the app only is never decrypted: the browser opens it.
   */
  async function prepare(message: DueMessage): Promise<Prepared> {
    const { owner } = message;
    if (!owner || owner.isDisabled) {
      return { kind: 'fail', message, reason: FAILURE_REASONS.ownerUnavailable, isPermanent: true };
    }
    const wantsMail = message.deliveryChannel !== 'in-app';
    const notify = message.deliveryChannel !== 'email';
    if (!wantsMail) return { kind: 'deliver', message, mail: null, notify };
    let readable: { subject: string; body: string } | null;
    try {
      readable = await readableForMail(message);
    } catch {
      return { kind: 'fail', message, reason: FAILURE_REASONS.undecryptable, isPermanent: false };
    }
    const isPrivate = message.encryptionVersion === PRIVATE_MODE.encryptionVersion;
    const writtenOn = dayLabel(message.createdAt, owner.timezone);
    const url = `${ctx.appUrl}/me-ahead`;
    let mail: RenderedMail & { to: string };
    try {
      // PostgreSQL text holds no NUL character; a forged message with one must not block the queue.
      const clean = (value: string) => value.replaceAll('\u0000', '');
      const rendered = readable
        ? futureMessageMail({
            name: owner.name,
            subject: clean(readable.subject),
            message: clean(readable.body),
            writtenOn,
            url,
            isPrivateByConsent: isPrivate,
          })
        : futureMessageNoticeMail({ name: owner.name, writtenOn, url });
      mail = { ...rendered, to: owner.email };
    } catch {
      return { kind: 'fail', message, reason: FAILURE_REASONS.unrenderable, isPermanent: false };
    }
    return { kind: 'deliver', message, mail, notify };
  }

  return { prepare };
}

export type DeliveryMail = ReturnType<typeof createDeliveryMail>;
