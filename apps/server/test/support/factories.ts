import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { emailOutbox, subscriptions, users } from '../../src/db/schema/index.ts';
import type { TestContext } from './app.ts';
import { multipart } from './media.ts';

export const STRONG_PASSWORD = 'Quiet-River-42';

/** Each call comes from its own client address, so per-client rate limits stay out of unrelated tests. */
let clientCounter = 0;
export const clientAddress = () =>
  `10.${Math.floor(clientCounter / 65_025) % 255}.${Math.floor(clientCounter / 255) % 255}.${clientCounter++ % 255}`;

/** The session cookie from a response, as a Cookie header value. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = cookies.find((c) => c.startsWith('daybook.session_token='));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session.split(';')[0]!;
}

/** The registering browser's cookie from a registration answer, as a Cookie header value. */
export function registeredBrowserCookie(setCookie: string | string[] | undefined): string {
  const cookies = ([] as string[]).concat(setCookie ?? []);
  const cookie = cookies.find((c) => c.startsWith('daybook.registered_browser='));
  if (!cookie) throw new Error(`no registration cookie in ${JSON.stringify(cookies)}`);
  return cookie.split(';')[0]!;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function register(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string) ?? uniqueEmail();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: clientAddress(),
    payload: {
      fullName: 'Ada Lovelace',
      email,
      password: STRONG_PASSWORD,
      confirmPassword: (overrides.password as string) ?? STRONG_PASSWORD,
      acceptTerms: true,
      ...overrides,
    },
  });
  return { response, email };
}

/** A registered, verified user (verification marked in the table: the link itself has its own tests). */
export async function createUser(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const { response, email } = await register(ctx, overrides);
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const [user] = await ctx.database.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, email))
    .returning();
  return { ...user!, password: (overrides.password as string) ?? STRONG_PASSWORD };
}

export async function signIn(
  ctx: TestContext,
  email: string,
  password = STRONG_PASSWORD,
  userAgent = 'vitest',
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: clientAddress(),
  });
}

/** Changes a signed-in user's password from the profile (POST /api/me/password). */
export function changePassword(
  ctx: TestContext,
  cookie: string,
  currentPassword: string,
  newPassword: string,
  options: { signOutOtherSessions?: boolean } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/me/password',
    headers: { cookie },
    payload: { currentPassword, newPassword, confirmPassword: newPassword, ...options },
  });
}

/** A verified user with a signed-in session cookie. */
export async function createSignedInUser(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const user = await createUser(ctx, overrides);
  const response = await signIn(ctx, user.email, user.password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return { user, cookie: sessionCookie(response.headers['set-cookie']) };
}

/** Puts the user on a plan as if they had paid for it (tests need no checkout to reach Premium's limits). */
export async function setPlan(ctx: TestContext, userId: string, planId: 'free' | 'basic' | 'premium') {
  await ctx.database.db.update(subscriptions).set({ planId }).where(eq(subscriptions.userId, userId));
}

/**
 * Uploads a file as a media draft and saves an entry with it, as the editor does; answers the entry's response.
 */
export async function createMediaEntry(
  ctx: TestContext,
  signedIn: { user: { id: string }; cookie: string },
  media: { type: 'image' | 'audio' | 'video'; file: Buffer; filename: string; contentType: string },
  text: string,
  options: { moodTag?: string } = {},
) {
  const draft = await uploadMediaDraft(ctx, signedIn.cookie, media);
  if (draft.statusCode !== 201) throw new Error(`upload failed: ${draft.body}`);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/entries',
    headers: { cookie: signedIn.cookie },
    payload: {
      ...(await browserEncrypt(ctx, signedIn.cookie, signedIn.user.id, text)),
      ...options,
      mediaDraftId: draft.json().id,
    },
  });
}

/** POST /api/media/drafts with the file as a browser's multipart upload. */
export function uploadMediaDraft(
  ctx: TestContext,
  cookie: string,
  media: { type: 'image' | 'audio' | 'video'; file: Buffer; filename: string; contentType: string },
) {
  const body = multipart(media.file, { filename: media.filename, contentType: media.contentType });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/media/drafts?mediaType=${media.type}`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

/** The newest queued e-mail to an address, with the first link in its text. */
export async function latestMailTo(ctx: TestContext, address: string) {
  const [mail] = await ctx.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (!mail) return null;
  const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? null;
  return { ...mail, link };
}

/** A path+query usable with inject(), from an absolute link in an e-mail. */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Encrypts like the browser does: the salt from the API, the shared WebCrypto code, the user id. */
export async function browserEncrypt(ctx: TestContext, cookie: string, userId: string, text: string) {
  const { deriveEntryKey, encryptText } = await import('@daybook/shared');
  const salt = (
    await ctx.app.inject({ method: 'GET', url: '/api/encryption/salt', headers: { cookie } })
  ).json().salt;
  const sealed = await encryptText(await deriveEntryKey(userId, salt), text);
  return { encryptedContent: sealed.ciphertext, encryptionIv: sealed.iv };
}

export async function createEntry(
  ctx: TestContext,
  cookie: string,
  userId: string,
  text: string,
  moodTag?: string,
  fields: { timeZone?: string } = {},
) {
  const payload = { ...(await browserEncrypt(ctx, cookie, userId, text)), moodTag, ...fields };
  return ctx.app.inject({ method: 'POST', url: '/api/entries', headers: { cookie }, payload });
}
