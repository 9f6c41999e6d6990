import { createHash } from 'node:crypto';
import { AUTH_MESSAGES } from '@daybook/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox, sessions, subscriptions, users } from '../src/db/schema/index.ts';
import { createAccountRepository } from '../src/modules/account/repository.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import {
  clientAddress,
  createSignedInUser,
  createUser,
  latestMailTo,
  pathOf,
  register,
  registeredBrowserCookie,
  STRONG_PASSWORD,
  sessionCookie,
  signIn,
  uniqueEmail,
} from './support/factories.ts';

const MINUTE = 60_000;

/** Mails for resets and resends are queued after the answer: wait until one is in the outbox. */
const waitForMailTo = (ctx: TestContext, email: string, subject: string) =>
  vi.waitFor(
    async () => {
      const mail = await latestMailTo(ctx, email);
      if (!mail?.subject.includes(subject)) throw new Error(`no "${subject}" mail to ${email} yet`);
      return mail;
    },
    { timeout: 5000, interval: 20 },
  );
const HOUR_MS = 60 * MINUTE;

describe('registration', () => {
  const ctx = useTestApp();

  it('creates an unverified account, records a Premium intent and queues the verification e-mail', async () => {
    const { response, email } = await register(ctx, {
      plan: 'premium',
      billingCycle: 'year',
      timezone: 'Europe/London',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'verification_sent', email, intentSaved: true });
    // No session yet: only the cookie that lets this browser's verification link sign it in.
    expect(String(response.headers['set-cookie'])).not.toMatch(/session_token/);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ emailVerified: false, name: 'Ada Lovelace', timezone: 'Europe/London' });
    const [subscription] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user!.id));
    expect(subscription).toMatchObject({
      planId: 'free',
      subscriptionIntent: 'premium',
      billingCyclePreference: 'year',
    });
    const mail = await latestMailTo(ctx, email);
    expect(mail?.subject).toContain('Confirm your e-mail');
    expect(mail?.link).toMatch(/\/api\/auth\/verify-email\?token=.+&callbackURL=%2Fdashboard/);
  });

  it('says the message is in the local mailbox only to a browser on this machine, where the mailbox answers', async () => {
    const registerFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress,
        headers,
        payload: {
          fullName: 'Ada Lovelace',
          email: uniqueEmail('mailbox'),
          password: STRONG_PASSWORD,
          confirmPassword: STRONG_PASSWORD,
          acceptTerms: true,
        },
      });
    const here = await registerFrom('127.0.0.1');
    expect(here.statusCode).toBe(201);
    expect(here.json().localMailbox).toBe(true);
    // Through a proxy, or from elsewhere, /dev/mail is a 404: the answer does not mention it.
    const proxied = await registerFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.statusCode).toBe(201);
    expect(proxied.json()).not.toHaveProperty('localMailbox');
    const remote = await registerFrom('203.0.113.10');
    expect(remote.json()).not.toHaveProperty('localMailbox');
  });

  it('stores the password as an argon2id hash', async () => {
    const { email } = await register(ctx);
    const [row] = await ctx.database.query<{ password: string }>(
      'select a.password from accounts a join users u on u.id = a.user_id where u.email = $1',
      [email],
    );
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers EMAIL_NOT_CONFIRMED, then EMAIL_ALREADY_EXISTS once verified, whatever the case of the address', async () => {
    const { email } = await register(ctx);
    const again = await register(ctx, { email: email.toUpperCase() });
    expect(again.response.statusCode).toBe(409);
    expect(again.response.json()).toMatchObject({
      code: 'EMAIL_NOT_CONFIRMED',
      message: AUTH_MESSAGES.emailNotConfirmed,
    });
    await ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const third = await register(ctx, { email });
    expect(third.response.json()).toMatchObject({
      code: 'EMAIL_ALREADY_EXISTS',
      message: AUTH_MESSAGES.emailAlreadyExists,
    });
  });

  it.each([
    ['short', 'Ab1', AUTH_MESSAGES.passwordTooShort],
    ['no uppercase', 'lowercase12', AUTH_MESSAGES.passwordNeedsUppercase],
    ['no number', 'NoNumbersHere', AUTH_MESSAGES.passwordNeedsNumber],
    ['one of the most common', 'Password1', AUTH_MESSAGES.passwordTooCommon],
  ])('refuses a %s password with the spec message and creates nothing', async (_label, password, message) => {
    const email = uniqueEmail();
    const { response } = await register(ctx, { email, password });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.password).toBe(message);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('accepts a 128-character password', async () => {
    const password = `A1${'x'.repeat(126)}`;
    const { response } = await register(ctx, { password });
    expect(response.statusCode).toBe(201);
  });

  it('refuses mismatched confirmation and unticked terms', async () => {
    const mismatch = await ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/register',
      payload: {
        fullName: 'A',
        email: uniqueEmail(),
        password: STRONG_PASSWORD,
        confirmPassword: 'Other-River-42',
        acceptTerms: true,
      },
    });
    expect(mismatch.json().fields.confirmPassword).toBe(AUTH_MESSAGES.passwordsDoNotMatch);
    const noTerms = await register(ctx, { acceptTerms: false });
    expect(noTerms.response.json().fields.acceptTerms).toBe(AUTH_MESSAGES.termsRequired);
  });

  it('limits registrations per address', async () => {
    const email = uniqueEmail('flood');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await register(ctx, { email })).response.statusCode);
    expect(codes).toEqual([201, 409, 409, 409, 409, 429]);
  });
});

describe('e-mail verification link', () => {
  const ctx = useTestApp();
  afterEach(() => vi.useRealTimers());

  it('signs in the browser that registered, lands on /dashboard (told so), and works only once', async () => {
    const { email, response } = await register(ctx);
    const registered = registeredBrowserCookie(response.headers['set-cookie']);
    expect(String(response.headers['set-cookie'])).toMatch(
      /daybook\.registered_browser=.+; Max-Age=3600; Path=\/api\/auth\/verify-email; HttpOnly; SameSite=Lax/,
    );
    const mail = await latestMailTo(ctx, email);
    const first = await ctx.app.inject({
      method: 'GET',
      url: pathOf(mail!.link!),
      headers: { cookie: registered },
    });
    expect(first.statusCode).toBe(302);
    // `confirmed=1`: the dashboard goes on to checkout when Premium was chosen (docs/product/plans-billing.md#plans-checkout).
    expect(first.headers.location).toBe('/dashboard?confirmed=1');
    const cookie = sessionCookie(first.headers['set-cookie']);
    expect(String(first.headers['set-cookie'])).toMatch(/daybook\.registered_browser=; Max-Age=0/);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user).toMatchObject({ email, emailVerified: true, fullName: 'Ada Lovelace' });

    const second = await ctx.app.inject({ method: 'GET', url: pathOf(mail!.link!) });
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe(`/login?verified=1&email=${encodeURIComponent(email)}`);
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('opened in another browser, confirms the address but signs no one in (no login CSRF): the login form has the address', async () => {
    const { email, response } = await register(ctx);
    const other = await register(ctx);
    const mail = await latestMailTo(ctx, email);
    const sessionsBefore = (await ctx.database.db.select().from(sessions)).length;

    const bare = await ctx.app.inject({ method: 'GET', url: pathOf(mail!.link!) });
    expect(bare.statusCode).toBe(302);
    const confirmedLogin = `/login?verified=1&email=${encodeURIComponent(email)}`;
    expect(bare.headers.location).toBe(confirmedLogin);
    expect(bare.headers['set-cookie']).toBeUndefined();
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);

    // A browser that registered another account, or carries a made-up or altered proof, is not signed in either.
    const proof = registeredBrowserCookie(response.headers['set-cookie']).split('=')[1]!;
    for (const cookie of [
      registeredBrowserCookie(other.response.headers['set-cookie']),
      `daybook.registered_browser=${'A'.repeat(43)}`,
      `daybook.registered_browser=${proof.slice(0, -1)}${proof.endsWith('A') ? 'B' : 'A'}`,
    ]) {
      const opened = await ctx.app.inject({ method: 'GET', url: pathOf(mail!.link!), headers: { cookie } });
      expect(opened.headers.location).toBe(confirmedLogin);
      expect(opened.headers['set-cookie']).toBeUndefined();
    }
    expect((await ctx.database.db.select().from(sessions)).length).toBe(sessionsBefore);
  });

  it('in the registering browser after another browser confirmed it, still signs that browser in', async () => {
    const { email, response } = await register(ctx);
    const mail = await latestMailTo(ctx, email);
    await ctx.app.inject({ method: 'GET', url: pathOf(mail!.link!) });
    const mine = await ctx.app.inject({
      method: 'GET',
      url: pathOf(mail!.link!),
      headers: { cookie: registeredBrowserCookie(response.headers['set-cookie']) },
    });
    expect(mine.headers.location).toBe('/dashboard?confirmed=1');
    expect(sessionCookie(mine.headers['set-cookie'])).toMatch(/^daybook\.session_token=/);
  });

  it('expires after one hour', async () => {
    const { email } = await register(ctx);
    const mail = await latestMailTo(ctx, email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * MINUTE });
    const response = await ctx.app.inject({ method: 'GET', url: pathOf(mail!.link!) });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/dashboard?error=TOKEN_EXPIRED');
    expect(response.headers['set-cookie']).toBeUndefined();
    vi.useRealTimers();
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);
  });

  it('resends to unconfirmed accounts only, answering the same either way', async () => {
    const { email } = await register(ctx);
    const before = (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)))
      .length;
    const resend = await ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/resend-verification',
      payload: { email },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/resend-verification',
      payload: { email: uniqueEmail() },
    });
    expect(resend.json()).toEqual(unknown.json());
    expect(resend.statusCode).toBe(200);
    // The mail is queued after the answer: wait until it is in the outbox.
    await vi.waitFor(
      async () => {
        const after = await ctx.database.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.toAddress, email));
        expect(after).toHaveLength(before + 1);
      },
      { timeout: 5000, interval: 20 },
    );
  });

  it('an unverified account cannot sign in and is told why', async () => {
    const { email } = await register(ctx);
    const response = await signIn(ctx, email);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: AUTH_MESSAGES.emailNotVerifiedAtLogin,
    });
  });
});

describe('sign-in, lockout and sessions', () => {
  const ctx = useTestApp();

  it('counts failures per normalised e-mail, warns, locks after 5 for 15 minutes, and a success resets the count', async () => {
    const user = await createUser(ctx);
    const shouting = `  ${user.email.toUpperCase()} `;
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await signIn(ctx, shouting, 'Wrong-Password-1');
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
      statuses.push(response.json().details.loginStatus.remainingAttempts);
    }
    expect(statuses).toEqual([4, 3, 2, 1]);

    const fifth = await signIn(ctx, user.email, 'Wrong-Password-1');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: AUTH_MESSAGES.lockedOut(15) });

    const rightButLocked = await signIn(ctx, user.email);
    expect(rightButLocked.statusCode).toBe(423);
    const status = await ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/login-status',
      payload: { email: user.email },
    });
    expect(status.json()).toMatchObject({
      isLockedOut: true,
      remainingAttempts: 0,
      maxAttempts: 5,
      lockoutDurationMinutes: 15,
    });

    ctx.clock.advance(10 * MINUTE);
    expect((await signIn(ctx, user.email)).json().message).toBe(AUTH_MESSAGES.lockedOut(5));
    // The last minute is singular.
    ctx.clock.advance(4 * MINUTE);
    expect((await signIn(ctx, user.email)).json().message).toBe(
      'Too many failed login attempts... try again in 1 minute',
    );
    ctx.clock.advance(MINUTE);
    expect((await signIn(ctx, user.email)).statusCode).toBe(200);
    ctx.clock.advance(1000);

    await signIn(ctx, user.email, 'Wrong-Password-1');
    const afterSuccess = await ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/login-status',
      payload: { email: user.email },
    });
    expect(afterSuccess.json()).toMatchObject({
      isLockedOut: false,
      failedAttempts: 1,
      remainingAttempts: 4,
    });
  });

  it('forgets failures older than 15 minutes', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 4; i++) await signIn(ctx, user.email, 'Wrong-Password-1');
    ctx.clock.advance(16 * MINUTE);
    const response = await signIn(ctx, user.email, 'Wrong-Password-1');
    expect(response.json().details.loginStatus).toMatchObject({ failedAttempts: 1, remainingAttempts: 4 });
  });

  it('counts unknown addresses too, so the answer reveals nothing', async () => {
    const response = await signIn(ctx, uniqueEmail('ghost'), 'Whatever-123');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('issues a new HttpOnly, SameSite=Lax session cookie at every sign-in, valid 30 days', async () => {
    const user = await createUser(ctx);
    const first = await signIn(ctx, user.email);
    const second = await signIn(ctx, user.email);
    const raw = ([] as string[])
      .concat(first.headers['set-cookie'] as string[])
      .find((c) => c.startsWith('daybook.session_token='))!;
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).toMatch(/Path=\//);
    expect(raw).not.toMatch(/Secure/i);
    expect(Number(raw.match(/Max-Age=(\d+)/i)?.[1])).toBe(30 * 24 * 60 * 60);
    expect(sessionCookie(first.headers['set-cookie'])).not.toBe(sessionCookie(second.headers['set-cookie']));
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(2);
  });

  it('signs out: the cookie is cleared and the session no longer works', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const out = await ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/sign-out',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/daybook.session_token=;/);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json()).toEqual({ user: null });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('UNAUTHENTICATED');
  });

  it('a disabled user is signed out everywhere and refused at sign-in with the spec message', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    await createAccountRepository(ctx.database.db).setDisabled(user.email, true);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    const again = await signIn(ctx, user.email);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'ACCOUNT_DISABLED', message: AUTH_MESSAGES.accountDisabled });
    await createAccountRepository(ctx.database.db).setDisabled(user.email, false);
    expect((await signIn(ctx, user.email)).statusCode).toBe(200);
  });

  it('refuses mutating requests from another origin', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/login-status',
      payload: { email: 'a@b.co' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    const ours = await ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/login-status',
      payload: { email: 'a@b.co' },
      headers: { origin: ctx.config.appUrl },
    });
    expect(ours.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const ctx = useTestApp();
  afterEach(() => vi.useRealTimers());

  const requestReset = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/forgot-password',
      payload: { email },
    });

  it('answers the same for unknown addresses and sends nothing to them', async () => {
    const ghost = uniqueEmail('ghost');
    const user = await createUser(ctx);
    const unknown = await requestReset(ghost);
    const known = await requestReset(user.email);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect((await waitForMailTo(ctx, user.email, 'Reset your')).subject).toContain('Reset your');
    await ctx.app.services.auth.settle();
    expect(await latestMailTo(ctx, ghost)).toBeNull();
  });

  it('resets through the link once, ends every session and clears the lockout', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    for (let i = 0; i < 5; i++) await signIn(ctx, user.email, 'Wrong-Password-1');
    expect((await signIn(ctx, user.email)).statusCode).toBe(423);

    await requestReset(user.email);
    const mail = await waitForMailTo(ctx, user.email, 'Reset your');
    const landing = await ctx.app.inject({ method: 'GET', url: pathOf(mail!.link!) });
    expect(landing.statusCode).toBe(302);
    const location = new URL(landing.headers.location as string, ctx.config.appUrl);
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token')!;

    const weak = await ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/reset-password',
      payload: { token, password: 'weakpass', confirmPassword: 'weakpass' },
    });
    expect(weak.statusCode).toBe(400);

    const newPassword = 'Brand-New-River-7';
    const reset = await ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/reset-password',
      payload: { token, password: newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
    expect((await signIn(ctx, user.email, newPassword)).statusCode).toBe(200);

    const reuse = await ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/reset-password',
      payload: { token, password: 'Another-River-8', confirmPassword: 'Another-River-8' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 'INVALID_TOKEN', message: AUTH_MESSAGES.resetLinkInvalid });
  });

  it('a reset link expires after one hour', async () => {
    const user = await createUser(ctx);
    await requestReset(user.email);
    const mail = await waitForMailTo(ctx, user.email, 'Reset your');
    const token = new URL(mail!.link!).pathname.split('/').pop()!;
    // Stored as a SHA-256 hash: the database holds no usable token.
    const stored = await ctx.database.query<{ identifier: string }>('select identifier from verifications');
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((row) => row.identifier).join(' ')).not.toContain(token);
    const hashed = createHash('sha256').update(`reset-password:${token}`).digest('base64url');
    expect(stored.map((row) => row.identifier)).toContain(hashed);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * MINUTE });
    const reset = await ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/reset-password',
      payload: { token, password: 'Brand-New-River-7', confirmPassword: 'Brand-New-River-7' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('INVALID_TOKEN');
  });

  it('limits reset requests per address', async () => {
    const email = uniqueEmail('reset-flood');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await requestReset(email)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe('session lifetime', () => {
  const ctx = useTestApp();

  it('slides: a session used after a day is extended and its cookie re-issued; an unused one ends after 30 days', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const fresh = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(fresh.json().user).not.toBeNull();
    expect(fresh.headers['set-cookie']).toBeUndefined();

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 24 * HOUR_MS });
    ctx.clock.set(new Date());
    const later = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(later.json().user).not.toBeNull();
    expect(String(later.headers['set-cookie'])).toMatch(/daybook.session_token=/);

    vi.setSystemTime(Date.now() + 31 * 24 * HOUR_MS);
    ctx.clock.set(new Date());
    const expired = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(expired.json()).toEqual({ user: null });
    vi.useRealTimers();
  });

  it('refuses a cookie whose signature was tampered with', async () => {
    const { cookie } = await createSignedInUser(ctx);
    // The signature's first character is always significant and is changed to one it is not (a fixed
    // replacement of the last one matched it now and then, or changed only padding bits).
    const tampered = cookie.replace(
      /\.(.)([^.]*)$/,
      (_, first: string, rest: string) => `.${first === 'A' ? 'B' : 'A'}${rest}`,
    );
    const response = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: tampered } });
    expect(response.statusCode).toBe(401);
  });
});
