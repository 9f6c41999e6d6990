import { base32Decode, normalizeRecoveryCode } from '@daybook/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessions, twoFactorChallenges, twoFactorRecoveryCodes, twoFactors } from '../src/db/schema/index.ts';
import { totpCode, totpStep } from '../src/infra/auth/totp.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { useSmtp } from './sharing-support.ts';
import { useTestApp } from './support/app.ts';
import { clientAddress, createSignedInUser, sessionCookie, signIn } from './support/factories.ts';

/*
 * Two-step sign-in (ADR 075) through the real app on a real database: set-up confirmed by a code,
 * sign-in with a code computed here as an authenticator app would, the code step's own lockout, single-use
 * recovery codes, turning it off with a code, the e-mails through the real SMTP listener, one person's settings out
 * of another's reach, and no session at all after the password step alone.
 */

const MINUTE = 60_000;
const STEP = 30_000;

/** A two-step user: signed in, two-step sign-in on, and what their authenticator app and drawer hold. */
type TwoStepUser = Awaited<ReturnType<typeof createSignedInUser>> & {
  secret: Uint8Array;
  recoveryCodes: string[];
};

const cookieNamed = (setCookie: string | string[] | undefined, name: string) =>
  ([] as string[])
    .concat(setCookie ?? [])
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0];

describe('two-step sign-in', () => {
  const ctx = useTestApp();
  const smtp = useSmtp(ctx);

  const call = (options: InjectOptions) => ctx.app.inject({ remoteAddress: clientAddress(), ...options });

  /** The code the app shows now (the test's clock). */
  const codeNow = (secret: Uint8Array) => totpCode(secret, totpStep(ctx.clock.now()));

  async function turnOn(
    signedIn: Awaited<ReturnType<typeof createSignedInUser>>,
    options: { signOutOtherSessions?: boolean } = {},
  ): Promise<TwoStepUser> {
    const setup = await call({
      method: 'POST',
      url: '/api/me/two-factor/setup',
      headers: { cookie: signedIn.cookie },
      payload: { password: signedIn.user.password },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = base32Decode(setup.json().secret)!;
    const enabled = await call({
      method: 'POST',
      url: '/api/me/two-factor/enable',
      headers: { cookie: signedIn.cookie },
      payload: { code: codeNow(secret), ...options },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    // The next code the test uses is of a later step: the confirming one is used up.
    ctx.clock.advance(STEP);
    return { ...signedIn, secret, recoveryCodes: enabled.json().recoveryCodes };
  }

  /** The password step: answers the response and the pending sign-in's cookie. */
  async function passwordStep(user: { email: string; password: string }) {
    const response = await signIn(ctx, user.email, user.password);
    return { response, challenge: cookieNamed(response.headers['set-cookie'], 'daybook.two_factor') };
  }

  const codeStep = (challenge: string | undefined, payload: Record<string, string>) =>
    call({
      method: 'POST',
      url: '/api/auth/two-factor',
      headers: { ...(challenge ? { cookie: challenge } : {}), 'user-agent': 'vitest-second-step' },
      payload,
    });

  const sessionsOf = async (userId: string) =>
    ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));

  it('is turned on from the profile only with the password, and only once a code confirms it', async () => {
    const signedIn = await createSignedInUser(ctx);
    const { cookie, user } = signedIn;
    const status = async () =>
      (await call({ method: 'GET', url: '/api/me/two-factor', headers: { cookie } })).json();
    expect(await status()).toEqual({ isEnabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const wrongPassword = await call({
      method: 'POST',
      url: '/api/me/two-factor/setup',
      headers: { cookie },
      payload: { password: 'Not-The-Password-1' },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fields).toEqual({ password: 'Current password is incorrect' });

    const noSetup = await call({
      method: 'POST',
      url: '/api/me/two-factor/enable',
      headers: { cookie },
      payload: { code: '123456' },
    });
    expect(noSetup.statusCode).toBe(409);
    expect(noSetup.json().code).toBe('TWO_FACTOR_SETUP_MISSING');

    const setup = await call({
      method: 'POST',
      url: '/api/me/two-factor/setup',
      headers: { cookie },
      payload: { password: user.password },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret: text, otpauthUri } = setup.json();
    expect(text).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Daybook:${encodeURIComponent(user.email)}?secret=${text}&issuer=Daybook&algorithm=SHA1&digits=6&period=30`,
    );
    const secret = base32Decode(text)!;
    // Not on until confirmed: a sign-in still needs the password only.
    expect((await status()).isEnabled).toBe(false);

    // The secret is stored sealed: neither its text nor its bytes are in the row.
    const [row] = await ctx.database.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row!.enabledAt).toBeNull();
    expect(row!.secretSealed).not.toContain(text);
    expect(row!.secretSealed).not.toContain(Buffer.from(secret).toString('base64url'));
    expect(row!.secretSealed).toMatch(/^v1\./);

    const badShape = await call({
      method: 'POST',
      url: '/api/me/two-factor/enable',
      headers: { cookie },
      payload: { code: '12345' },
    });
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().fields).toEqual({ code: 'A code is 6 digits, like 123 456' });

    const wrongCode = await call({
      method: 'POST',
      url: '/api/me/two-factor/enable',
      headers: { cookie },
      payload: { code: totpCode(secret, totpStep(ctx.clock.now()) + 5) },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().code).toBe('TWO_FACTOR_CODE_INVALID');

    const enabled = await call({
      method: 'POST',
      url: '/api/me/two-factor/enable',
      headers: { cookie },
      payload: { code: `${codeNow(secret).slice(0, 3)} ${codeNow(secret).slice(3)}` },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes, revokedSessions } = enabled.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(revokedSessions).toBe(0);
    expect(await status()).toMatchObject({ isEnabled: true, recoveryCodesLeft: 10 });

    // Recovery codes are kept only as keyed hashes.
    const stored = await ctx.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const code of recoveryCodes) {
      expect(storedText).not.toContain(code);
      expect(storedText).not.toContain(normalizeRecoveryCode(code));
    }

    // Once on, a second set-up is refused rather than replacing the secret.
    const again = await call({
      method: 'POST',
      url: '/api/me/two-factor/setup',
      headers: { cookie },
      payload: { password: user.password },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Two-step sign-in is already on.');

    // The owner is told, with nothing of the secret or the codes.
    const [mail, ...more] = (await smtp.mailsTo(user.email)).filter((m) =>
      m.subject?.startsWith('Two-step sign-in is on'),
    );
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Two-step sign-in is on for your Daybook account');
    expect(mail!.text).toContain('Every other session was signed out.');
    expect(mail!.text).not.toContain(text);
    for (const code of recoveryCodes) expect(mail!.text).not.toContain(code);
  });

  it('signs out the other sessions when turned on, unless asked to keep them', async () => {
    const first = await createSignedInUser(ctx);
    const other = sessionCookie((await signIn(ctx, first.user.email)).headers['set-cookie']);
    const kept = await turnOn(first, { signOutOtherSessions: false });
    expect(await sessionsOf(kept.user.id)).toHaveLength(2);
    const [mail] = (await smtp.mailsTo(kept.user.email)).filter((m) =>
      m.subject?.startsWith('Two-step sign-in is on'),
    );
    expect(mail!.text).toContain('Your other sessions stayed signed in');
    const me = await call({ method: 'GET', url: '/api/me', headers: { cookie: other } });
    expect(me.statusCode).toBe(200);

    const second = await createSignedInUser(ctx);
    const elsewhere = sessionCookie((await signIn(ctx, second.user.email)).headers['set-cookie']);
    await turnOn(second);
    const rows = await sessionsOf(second.user.id);
    expect(rows).toHaveLength(1);
    const gone = await call({ method: 'GET', url: '/api/me', headers: { cookie: elsewhere } });
    expect(gone.statusCode).toBe(401);
    expect(
      (await call({ method: 'GET', url: '/api/me', headers: { cookie: second.cookie } })).statusCode,
    ).toBe(200);
  });

  it('asks for a code after the password, and creates no session before the code step passes', async () => {
    const user = await turnOn(await createSignedInUser(ctx));
    const before = (await sessionsOf(user.user.id)).length;

    const { response, challenge } = await passwordStep(user.user);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ twoFactorRequired: true });
    const setCookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(setCookies.some((c) => c.startsWith('daybook.session_token='))).toBe(false);
    expect(setCookies.join('\n')).toMatch(
      /daybook\.two_factor=[A-Za-z0-9_-]{43}; Path=\/api\/auth; Max-Age=600; HttpOnly; SameSite=Strict/,
    );
    // No session row, and the pending state's cookie opens nothing.
    expect(await sessionsOf(user.user.id)).toHaveLength(before);
    const session = await call({ method: 'GET', url: '/api/auth/session', headers: { cookie: challenge! } });
    expect(session.json()).toEqual({ user: null });
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie: challenge! } })).statusCode).toBe(
      401,
    );
    // Stored as a hash only.
    const token = challenge!.split('=')[1]!;
    const pending = await ctx.database.db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.userId, user.user.id));
    expect(pending).toHaveLength(1);
    expect(pending[0]!.tokenHash).not.toBe(token);

    // A wrong password still counts against the spec's lockout, and yields no pending state.
    const wrong = await passwordStep({ email: user.user.email, password: 'Wrong-Password-9' });
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.response.json().code).toBe('INVALID_CREDENTIALS');
    expect(wrong.challenge).toBeUndefined();

    // Without the pending state, a right code signs no one in.
    const code = codeNow(user.secret);
    const noChallenge = await codeStep(undefined, { code });
    expect(noChallenge.statusCode).toBe(401);
    expect(noChallenge.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');

    const signedIn = await codeStep(challenge, { code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.email).toBe(user.user.email);
    const cookie = sessionCookie(signedIn.headers['set-cookie']);
    expect(cookieNamed(signedIn.headers['set-cookie'], 'daybook.two_factor')).toBe('daybook.two_factor=');

    // The sessions list says which session passed a second step.
    const list = await call({ method: 'GET', url: '/api/me/sessions', headers: { cookie } });
    const current = list.json().sessions.find((s: { isCurrent: boolean }) => s.isCurrent);
    expect(current).toMatchObject({ isTwoFactor: true, userAgent: 'vitest-second-step' });
    expect(
      list
        .json()
        .sessions.filter((s: { isCurrent: boolean }) => !s.isCurrent)
        .map((s: { isTwoFactor: boolean }) => s.isTwoFactor),
    ).toEqual([false]);

    // The pending state is single use, and the code's step is used up: neither signs in again.
    expect((await codeStep(challenge, { code })).json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    const next = await passwordStep(user.user);
    const replay = await codeStep(next.challenge, { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(
      'That code was already used. Wait for the next one in your authenticator app.',
    );

    // The pending state runs out after 10 minutes.
    ctx.clock.advance(10 * MINUTE + 1000);
    const late = await codeStep(next.challenge, { code: codeNow(user.secret) });
    expect(late.json().code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
  });

  it('locks the code step after 5 wrong codes for 15 minutes, whatever the pending state', async () => {
    const user = await turnOn(await createSignedInUser(ctx));
    const { challenge } = await passwordStep(user.user);
    const wrong = totpCode(user.secret, totpStep(ctx.clock.now()) + 7);
    for (const left of [4, 3, 2, 1]) {
      const answer = await codeStep(challenge, { code: wrong });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'TWO_FACTOR_CODE_INVALID',
        message: 'That code is not right. Check the code in your authenticator app and try again.',
        details: { twoFactorAttempts: { isLockedOut: false, remainingAttempts: left } },
      });
    }
    const fifth = await codeStep(challenge, { code: wrong });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({
      code: 'TWO_FACTOR_LOCKED',
      message: 'Too many wrong codes. Two-step sign-in is locked; try again in 15 minutes.',
    });

    // Locked: a right code, a recovery code and a new pending state are all refused, and cost nothing.
    expect((await codeStep(challenge, { code: codeNow(user.secret) })).statusCode).toBe(423);
    expect((await codeStep(challenge, { recoveryCode: user.recoveryCodes[0]! })).statusCode).toBe(423);
    const again = await passwordStep(user.user);
    expect((await codeStep(again.challenge, { code: codeNow(user.secret) })).statusCode).toBe(423);
    // Turning it off from a signed-in session is behind the same lock.
    const off = await call({
      method: 'POST',
      url: '/api/me/two-factor/disable',
      headers: { cookie: user.cookie },
      payload: { code: codeNow(user.secret) },
    });
    expect(off.statusCode).toBe(423);

    // The spec's own lockout is untouched: the password step still answers.
    ctx.clock.advance(15 * MINUTE);
    const later = await passwordStep(user.user);
    const signedIn = await codeStep(later.challenge, { code: codeNow(user.secret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('takes each recovery code once', async () => {
    const user = await turnOn(await createSignedInUser(ctx));
    const [code] = user.recoveryCodes;
    const first = await passwordStep(user.user);
    const used = await codeStep(first.challenge, { recoveryCode: code!.toUpperCase().replace('-', ' ') });
    expect(used.statusCode, used.body).toBe(200);
    const cookie = sessionCookie(used.headers['set-cookie']);
    const status = await call({ method: 'GET', url: '/api/me/two-factor', headers: { cookie } });
    expect(status.json().recoveryCodesLeft).toBe(9);

    const second = await passwordStep(user.user);
    const reused = await codeStep(second.challenge, { recoveryCode: code! });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      message: 'That recovery code is not right, or it was already used.',
      fields: { recoveryCode: 'That recovery code is not right, or it was already used.' },
    });
    expect((await codeStep(second.challenge, { recoveryCode: user.recoveryCodes[1]! })).statusCode).toBe(200);
  });

  it('makes new recovery codes with a current code: shown once, the old ones stop working', async () => {
    const user = await turnOn(await createSignedInUser(ctx));
    const replace = (cookie: string, payload: Record<string, string>) =>
      call({ method: 'POST', url: '/api/me/two-factor/recovery-codes', headers: { cookie }, payload });

    const wrong = await replace(user.cookie, { code: totpCode(user.secret, totpStep(ctx.clock.now()) + 7) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await replace(user.cookie, {})).statusCode).toBe(400);

    const replaced = await replace(user.cookie, { code: codeNow(user.secret) });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const { recoveryCodes } = replaced.json();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(user.recoveryCodes).not.toContain(code);
    const status = await call({ method: 'GET', url: '/api/me/two-factor', headers: { cookie: user.cookie } });
    expect(status.json().recoveryCodesLeft).toBe(10);
    // Kept only as keyed hashes, like the first set.
    const storedText = JSON.stringify(
      await ctx.database.db
        .select()
        .from(twoFactorRecoveryCodes)
        .where(eq(twoFactorRecoveryCodes.userId, user.user.id)),
    );
    for (const code of recoveryCodes) expect(storedText).not.toContain(normalizeRecoveryCode(code));

    // An old code no longer signs in; a new one does. Another person's codes are not touched.
    const other = await turnOn(await createSignedInUser(ctx));
    const attempt = await passwordStep(user.user);
    expect((await codeStep(attempt.challenge, { recoveryCode: user.recoveryCodes[0]! })).statusCode).toBe(
      400,
    );
    expect((await codeStep(attempt.challenge, { recoveryCode: recoveryCodes[0] })).statusCode).toBe(200);
    const theirs = await passwordStep(other.user);
    expect((await codeStep(theirs.challenge, { recoveryCode: other.recoveryCodes[0]! })).statusCode).toBe(
      200,
    );

    // Without two-step sign-in on there are none to replace.
    const plain = await createSignedInUser(ctx);
    const off = await replace(plain.cookie, { code: '123456' });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('TWO_FACTOR_NOT_ENABLED');
  });

  it('is turned off only with a code or a recovery code, and the owner is told', async () => {
    const user = await turnOn(await createSignedInUser(ctx));
    const disable = (payload: Record<string, string>) =>
      call({ method: 'POST', url: '/api/me/two-factor/disable', headers: { cookie: user.cookie }, payload });

    const none = await disable({});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Enter a code from your authenticator app or a recovery code');
    const wrong = await disable({ code: totpCode(user.secret, totpStep(ctx.clock.now()) + 9) });
    expect(wrong.statusCode).toBe(400);
    expect(
      (await call({ method: 'GET', url: '/api/me/two-factor', headers: { cookie: user.cookie } })).json()
        .isEnabled,
    ).toBe(true);

    const off = await disable({ recoveryCode: user.recoveryCodes[3]! });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe('Two-step sign-in is off.');
    expect(
      await ctx.database.db.select().from(twoFactors).where(eq(twoFactors.userId, user.user.id)),
    ).toEqual([]);
    expect(
      await ctx.database.db
        .select()
        .from(twoFactorRecoveryCodes)
        .where(eq(twoFactorRecoveryCodes.userId, user.user.id)),
    ).toEqual([]);
    expect((await disable({ code: codeNow(user.secret) })).json().code).toBe('TWO_FACTOR_NOT_ENABLED');

    const [mail] = (await smtp.mailsTo(user.user.email)).filter((m) =>
      m.subject?.startsWith('Two-step sign-in is off'),
    );
    expect(mail!.subject).toBe('Two-step sign-in is off for your Daybook account');
    expect(mail!.text).toContain('your recovery codes no longer work');

    // The password alone signs in again.
    const plain = await signIn(ctx, user.user.email);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().user.email).toBe(user.user.email);

    // A TOTP code turns it off too.
    const again = await turnOn({ user: user.user, cookie: sessionCookie(plain.headers['set-cookie']) });
    const offByCode = await call({
      method: 'POST',
      url: '/api/me/two-factor/disable',
      headers: { cookie: again.cookie },
      payload: { code: codeNow(again.secret) },
    });
    expect(offByCode.statusCode, offByCode.body).toBe(200);
  });

  it("keeps one person's two-step settings and codes out of another's reach", async () => {
    const owner = await turnOn(await createSignedInUser(ctx));
    const stranger = await turnOn(await createSignedInUser(ctx));

    // Signed out: nothing answers.
    for (const url of [
      '/api/me/two-factor/setup',
      '/api/me/two-factor/enable',
      '/api/me/two-factor/disable',
    ]) {
      const answer = await call({ method: 'POST', url, payload: { code: codeNow(owner.secret) } });
      expect(answer.statusCode).toBe(401);
    }
    // The stranger's session acts on the stranger's settings only: the owner's codes turn nothing off.
    const withOwnersCode = await call({
      method: 'POST',
      url: '/api/me/two-factor/disable',
      headers: { cookie: stranger.cookie },
      payload: { recoveryCode: owner.recoveryCodes[0]! },
    });
    expect(withOwnersCode.statusCode).toBe(400);
    const ownerStatus = await call({
      method: 'GET',
      url: '/api/me/two-factor',
      headers: { cookie: owner.cookie },
    });
    expect(ownerStatus.json()).toMatchObject({ isEnabled: true, recoveryCodesLeft: 10 });

    // The stranger's pending sign-in does not take the owner's codes.
    const strangers = await passwordStep(stranger.user);
    const answer = await codeStep(strangers.challenge, { code: codeNow(owner.secret) });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('TWO_FACTOR_CODE_INVALID');
  });

  it('is turned off by an operator for someone who lost app and codes, with the owner told', async () => {
    const user = await turnOn(await createSignedInUser(ctx));
    const admin = createAdminService({ config: ctx.config, database: ctx.database, clock: ctx.clock });
    const answer = await admin.run({ command: 'two-step-off', email: user.user.email, operator: 'ops' });
    expect(answer).toMatchObject({ ok: true, lines: [expect.stringContaining('password alone')] });
    const plain = await signIn(ctx, user.user.email);
    expect(plain.json().user.email).toBe(user.user.email);
    const mails = (await smtp.mailsTo(user.user.email)).filter((m) =>
      m.subject?.startsWith('Two-step sign-in is off'),
    );
    expect(mails).toHaveLength(1);
    expect(
      await admin.run({ command: 'two-step-off', email: user.user.email, operator: 'ops' }),
    ).toMatchObject({
      ok: true,
      lines: [expect.stringContaining('did not have two-step sign-in on')],
    });
    expect(
      await admin.run({ command: 'two-step-off', email: 'nobody@example.com', operator: 'ops' }),
    ).toMatchObject({
      ok: false,
      code: 'not_found',
    });
  });

  it('gives one session for one code sent twice at once', async () => {
    const user = await turnOn(await createSignedInUser(ctx));
    const { challenge } = await passwordStep(user.user);
    const before = (await sessionsOf(user.user.id)).length;
    const code = codeNow(user.secret);
    const answers = await Promise.all([codeStep(challenge, { code }), codeStep(challenge, { code })]);
    // The loser finds the code's step used up, or the pending state gone.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, expect.any(Number)]);
    expect([400, 401]).toContain(answers.map((a) => a.statusCode).sort()[1]);
    expect(await sessionsOf(user.user.id)).toHaveLength(before + 1);
  });
});
