import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll } from 'vitest';
import { subscriptions } from '../src/db/schema/index.ts';
import { deliverDueMail } from '../src/infra/mail/outbox.ts';
import { createMailTransport, type MailTransport } from '../src/infra/mail/transport.ts';
import type { TestContext } from './support/app.ts';
import { browserEncrypt, clientAddress, createEntry, createSignedInUser } from './support/factories.ts';
import { multipart, png } from './support/media.ts';
import { startSmtpServer } from './support/smtp.ts';

/** Puts a user on Premium (the plan row that grants can_share_entries). */
export async function grantPremium(ctx: TestContext, userId: string) {
  await ctx.database.db
    .update(subscriptions)
    .set({ planId: 'premium' })
    .where(eq(subscriptions.userId, userId));
}

/** A signed-in user on Premium. */
export async function premiumUser(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const signedIn = await createSignedInUser(ctx, overrides);
  await grantPremium(ctx, signedIn.user.id);
  return signedIn;
}

export async function writeEntry(
  ctx: TestContext,
  cookie: string,
  userId: string,
  text: string,
  mood = 'Grateful',
) {
  const response = await createEntry(ctx, cookie, userId, text, mood);
  if (response.statusCode !== 201) throw new Error(`entry failed: ${response.body}`);
  return response.json().entry as { id: string };
}

/** An entry of `text` with a photo attached, as the browser makes it: the upload, then the entry. */
export async function writePhotoEntry(ctx: TestContext, cookie: string, userId: string, text: string) {
  const body = multipart(await png());
  const draft = await ctx.app.inject({
    method: 'POST',
    url: '/api/media/drafts?mediaType=image',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  if (draft.statusCode !== 201) throw new Error(`upload failed: ${draft.body}`);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/entries',
    headers: { cookie },
    payload: { ...(await browserEncrypt(ctx, cookie, userId, text)), mediaDraftId: draft.json().id },
  });
  if (created.statusCode !== 201) throw new Error(`entry failed: ${created.body}`);
  return created.json().entry as { id: string; mediaUrl: string };
}

/** Each share from its own client address (the route's per-client limit has its own test, sending-limits). */
export function shareEntry(
  ctx: TestContext,
  cookie: string,
  entryId: string,
  emails: string[],
  extra: Record<string, unknown> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/entries/${entryId}/shares`,
    headers: { cookie },
    remoteAddress: clientAddress(),
    payload: { recipients: emails.map((email) => ({ email })), consent: true, ...extra },
  });
}

/** The link view, each call from its own client address (the route's rate limit has its own test). */
export const viewLink = (ctx: TestContext, token: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/share-links/${token}`,
    headers,
    remoteAddress: clientAddress(),
  });

export const addressesOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) =>
    to.value.map((v) => v.address?.toLowerCase()),
  );

export const tokenIn = (mail: ParsedMail) => {
  const token = mail.text?.match(/\/share\/([A-Za-z0-9_-]{22})\b/)?.[1];
  if (!token) throw new Error(`no share link in ${mail.text}`);
  return token;
};

/** A real SMTP listener the outbox delivers to, as the deliver-outbox-mail job does. */
export function useSmtp(ctx: TestContext) {
  const state = {} as { smtp: Awaited<ReturnType<typeof startSmtpServer>>; transport: MailTransport };
  beforeAll(async () => {
    state.smtp = await startSmtpServer();
    state.transport = createMailTransport({
      mail: {
        from: 'Daybook <no-reply@daybook.test>',
        smtpUrl: state.smtp.url,
        mailDir: '',
        contactEmail: undefined,
      },
    });
  });
  afterAll(async () => {
    state.transport?.close();
    await state.smtp?.close();
  });
  return {
    /** Delivers everything due, then the messages received for `address`, oldest first. */
    async mailsTo(address: string): Promise<ParsedMail[]> {
      while ((await deliverDueMail(ctx.database.db, state.transport, ctx.clock, 100)).sent > 0) {}
      return state.smtp.received.filter((mail) => addressesOf(mail).includes(address.toLowerCase()));
    },
  };
}
