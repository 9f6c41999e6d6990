import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { knownBrowsers } from '../src/db/schema/index.ts';
import { useSmtp } from './sharing-support.ts';
import { useTestApp } from './support/app.ts';
import { changePassword, createUser, STRONG_PASSWORD, sessionCookie, signIn } from './support/factories.ts';

/*
 * A word when it matters (ADR 073): a sign-in from a browser the account had not used before,
 * and a changed password, are told to the owner by e-mail through the real SMTP listener. Nothing of the journal
 * is in them, and the table of known browsers holds nothing a browser could present.
 */

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** The browser cookie a sign-in answered with, as the browser would send it back. */
const browserCookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((cookie) => cookie.startsWith('daybook.browser='))!
    .split(';')[0]!;

describe('security e-mails', () => {
  const ctx = useTestApp();
  const smtp = useSmtp(ctx);

  const signInFrom = (email: string, userAgent: string, browserCookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: STRONG_PASSWORD },
      headers: { 'user-agent': userAgent, ...(browserCookie ? { cookie: browserCookie } : {}) },
      remoteAddress: '203.0.113.7',
    });

  it('tells the owner of a sign-in from a browser the account had not used, once per browser', async () => {
    const user = await createUser(ctx);
    const newSignIns = async () =>
      (await smtp.mailsTo(user.email)).filter(
        (mail) => mail.subject === 'New sign-in to your Daybook account',
      );

    // The account's first browser is no news.
    const first = await signInFrom(user.email, FIREFOX);
    expect(first.statusCode, first.body).toBe(200);
    const firefox = browserCookieOf(first.headers['set-cookie']);
    expect([first.headers['set-cookie']].flat().join('\n')).toMatch(
      /daybook\.browser=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=34560000; HttpOnly; SameSite=Lax/,
    );
    expect(await newSignIns()).toEqual([]);

    // The same browser again: still nothing.
    expect((await signInFrom(user.email, FIREFOX, firefox)).statusCode).toBe(200);
    expect(await newSignIns()).toEqual([]);

    // Another browser: one e-mail naming it, with the way to its sessions and nothing of the journal.
    const phone = await signInFrom(user.email, CHROME_ANDROID);
    expect(phone.statusCode).toBe(200);
    const [mail, ...more] = await newSignIns();
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Chrome on Android');
    expect(mail!.text).toContain(`${ctx.config.appUrl}/profile#sessions`);
    expect(mail!.text).not.toContain('203.0.113.7');

    // Signing in from it again tells nothing new; a forged or stale cookie is a new browser, and is told.
    expect(
      (await signInFrom(user.email, CHROME_ANDROID, browserCookieOf(phone.headers['set-cookie']))).statusCode,
    ).toBe(200);
    expect(await newSignIns()).toHaveLength(1);
    expect((await signInFrom(user.email, FIREFOX, 'daybook.browser=not-a-browser-id')).statusCode).toBe(200);
    expect(await newSignIns()).toHaveLength(2);

    // What is stored is the hash of each browser's id, never the id itself.
    const rows = await ctx.database.db.select().from(knownBrowsers).where(eq(knownBrowsers.userId, user.id));
    const firefoxId = firefox.split('=')[1]!;
    expect(rows).toHaveLength(3);
    expect(rows.some((row) => row.browserHash === firefoxId)).toBe(false);
    expect(
      rows.some((row) => row.browserHash === createHash('sha256').update(firefoxId).digest('base64url')),
    ).toBe(true);

    // A failed sign-in records nothing and sends nothing.
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: 'Wrong-Password-1' },
      headers: { 'user-agent': 'Somebody else' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await newSignIns()).toHaveLength(2);
  });

  it('tells the owner when the password was changed from the profile', async () => {
    const user = await createUser(ctx);
    const cookie = sessionCookie((await signIn(ctx, user.email)).headers['set-cookie']);
    const changed = await changePassword(ctx, cookie, STRONG_PASSWORD, 'Fresh-Meadow-9');
    expect(changed.statusCode, changed.body).toBe(200);
    const mails = (await smtp.mailsTo(user.email)).filter(
      (mail) => mail.subject === 'Your Daybook password was changed',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('every other session was signed out');
    expect(mails[0]!.text).toContain(`${ctx.config.appUrl}/reset-password`);
    expect(mails[0]!.text).not.toContain('Fresh-Meadow-9');
  });

  it('keeps the other sessions when asked, and says so', async () => {
    const user = await createUser(ctx);
    const cookie = sessionCookie((await signIn(ctx, user.email)).headers['set-cookie']);
    const other = sessionCookie(
      (await signIn(ctx, user.email, STRONG_PASSWORD, 'Other browser')).headers['set-cookie'],
    );
    const changed = await changePassword(ctx, cookie, STRONG_PASSWORD, 'Fresh-Meadow-9', {
      signOutOtherSessions: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: other } });
    expect(me.statusCode).toBe(200);
    const [mail] = (await smtp.mailsTo(user.email)).filter(
      (message) => message.subject === 'Your Daybook password was changed',
    );
    expect(mail!.text).toContain('Your other sessions stayed signed in');
  });
});
