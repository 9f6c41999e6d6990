import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { passkeyChallenges, passkeys, sessions, users, verifications } from '../src/db/schema/index.ts';
import { relyingParty } from '../src/infra/auth/relying-party.ts';
import { totpCode, totpStep } from '../src/infra/auth/totp.ts';
import { useSmtp } from './sharing-support.ts';
import { useTestApp } from './support/app.ts';
import { clientAddress, createSignedInUser, sessionCookie, signIn } from './support/factories.ts';
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from './support/software-authenticator.ts';

/*
 * Passkeys (ADR 080) through the real app on a real database, with an authenticator written in
 * software (support/software-authenticator.ts: a P-256 key, a "none" attestation in CBOR, assertions signed by
 * hand), so SimpleWebAuthn checks real WebAuthn bytes: adding one from the profile, the e-mail through the real
 * SMTP listener, signing in with it (two steps in one), answers replayed, from another origin or past their time
 * refused, another person's passkeys out of reach, and the account rules a password sign-in keeps.
 */

const MINUTE = 60_000;
type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

describe('passkeys', () => {
  const ctx = useTestApp();
  const smtp = useSmtp(ctx);

  const call = (options: InjectOptions) => ctx.app.inject({ remoteAddress: clientAddress(), ...options });
  const rp = () => relyingParty(ctx.config)!;
  const newAuthenticator = () => createSoftwareAuthenticator({ origin: rp().origins[0]!, rpId: rp().id });

  const addOptions = async (cookie: string) => {
    const response = await call({ method: 'POST', url: '/api/me/passkeys/options', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const addPasskey = (cookie: string, payload: object) =>
    call({
      method: 'POST',
      url: '/api/me/passkeys',
      headers: { cookie, 'user-agent': 'vitest-passkey' },
      payload,
    });

  /** Adds a passkey made by `authenticator` (a new one by default) from the profile; answers both. */
  async function withPasskey(signedIn: SignedIn, name = 'Laptop', authenticator = newAuthenticator()) {
    const options = await addOptions(signedIn.cookie);
    const added = await addPasskey(signedIn.cookie, { name, response: authenticator.register(options) });
    expect(added.statusCode, added.body).toBe(201);
    return { authenticator, passkey: added.json() as { id: string; name: string } };
  }

  const signInOptions = async () => {
    const response = await call({ method: 'POST', url: '/api/auth/passkey/options' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const passkeySignIn = (response: object) =>
    call({
      method: 'POST',
      url: '/api/auth/passkey/sign-in',
      headers: { 'user-agent': 'vitest-passkey' },
      payload: { response },
    });
  const signInWith = async (authenticator: SoftwareAuthenticator) =>
    passkeySignIn(authenticator.authenticate(await signInOptions()));

  const listOf = async (cookie: string) =>
    (await call({ method: 'GET', url: '/api/me/passkeys', headers: { cookie } })).json().passkeys;

  it('adds a passkey from the profile: named, listed, the owner told by e-mail, only its public key kept', async () => {
    const signedIn = await createSignedInUser(ctx);
    expect(await listOf(signedIn.cookie)).toEqual([]);

    const options = await addOptions(signedIn.cookie);
    // A resident key with user verification, for this relying party and this account (by id, not e-mail).
    expect(options.rp).toEqual({ id: rp().id, name: 'Daybook' });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(signedIn.user.id);
    expect(options.excludeCredentials).toEqual([]);
    // The challenge is kept only as its SHA-256.
    const [stored] = await ctx.database.db
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.userId, signedIn.user.id));
    expect(stored!.challengeHash).toBe(createHash('sha256').update(options.challenge).digest('base64url'));
    expect(JSON.stringify(stored)).not.toContain(options.challenge);

    const authenticator = newAuthenticator();
    const added = await addPasskey(signedIn.cookie, {
      name: '  Work laptop ',
      response: authenticator.register(options),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null, isSynced: false });
    const [listed, ...more] = await listOf(signedIn.cookie);
    expect(more).toEqual([]);
    expect(listed).toEqual(added.json());
    const [row] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, signedIn.user.id));
    expect(row).toMatchObject({
      credentialId: authenticator.credentialId,
      counter: 0,
      transports: 'internal',
    });

    // The same answer again is refused: its challenge is used up.
    const again = await addPasskey(signedIn.cookie, {
      name: 'Again',
      response: authenticator.register(options),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    // The browser is told the passkeys already added, so it does not add one twice; the server refuses it too.
    const next = await addOptions(signedIn.cookie);
    expect(next.excludeCredentials).toEqual([
      { id: authenticator.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    const twice = await addPasskey(signedIn.cookie, {
      name: 'Twice',
      response: authenticator.register(next),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PASSKEY_ALREADY_ADDED');

    const mails = (await smtp.mailsTo(signedIn.user.email)).filter((m) => m.subject?.includes('passkey'));
    expect(mails.map((m) => m.subject)).toEqual(['A passkey was added to your Daybook account']);
    expect(mails[0]!.text).toContain('A passkey named "Work laptop" was added to your account');
    expect(mails[0]!.text).toContain('/profile#passkeys');
    expect(mails[0]!.text).not.toContain(row!.publicKey);
    expect(mails[0]!.text).not.toContain(authenticator.credentialId);
  });

  it('refuses an answer from another origin, for another relying party, without user verification, or too late', async () => {
    const signedIn = await createSignedInUser(ctx);
    const authenticator = newAuthenticator();
    const refused = async (deviation: Parameters<SoftwareAuthenticator['register']>[1]) => {
      const response = await addPasskey(signedIn.cookie, {
        name: 'Phone',
        response: authenticator.register(await addOptions(signedIn.cookie), deviation),
      });
      expect(response.statusCode).toBe(400);
      return response.json().code;
    };
    expect(await refused({ origin: 'https://daybook.example.net' })).toBe('PASSKEY_NOT_VERIFIED');
    expect(await refused({ rpId: 'daybook.example.net' })).toBe('PASSKEY_NOT_VERIFIED');
    expect(await refused({ userVerified: false })).toBe('PASSKEY_NOT_VERIFIED');
    expect(await refused({ challenge: Buffer.from('a challenge we never made').toString('base64url') })).toBe(
      'PASSKEY_CHALLENGE_EXPIRED',
    );

    const late = await addOptions(signedIn.cookie);
    ctx.clock.advance(5 * MINUTE + 1000);
    const tooLate = await addPasskey(signedIn.cookie, {
      name: 'Late',
      response: authenticator.register(late),
    });
    expect(tooLate.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    expect(await listOf(signedIn.cookie)).toEqual([]);

    // A challenge made for one person cannot add a passkey to another's account.
    const other = await createSignedInUser(ctx);
    const theirs = await addOptions(other.cookie);
    const crossed = await addPasskey(signedIn.cookie, {
      name: 'Crossed',
      response: authenticator.register(theirs),
    });
    expect(crossed.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    expect(await listOf(signedIn.cookie)).toEqual([]);
    expect(await listOf(other.cookie)).toEqual([]);
  });

  it('signs in with a passkey: two steps in one, the session marked, last use recorded', async () => {
    const signedIn = await createSignedInUser(ctx);
    const { authenticator, passkey } = await withPasskey(signedIn);
    ctx.clock.advance(MINUTE);

    const response = await signInWith(authenticator);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.email).toBe(signedIn.user.email);
    const cookie = sessionCookie(response.headers['set-cookie']);
    const session = await call({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user.id).toBe(signedIn.user.id);

    const listed = (await call({ method: 'GET', url: '/api/me/sessions', headers: { cookie } })).json()
      .sessions;
    const current = listed.find((s: { isCurrent: boolean }) => s.isCurrent);
    expect(current).toMatchObject({ isPasskey: true, isTwoFactor: false });
    expect(listed.find((s: { isCurrent: boolean }) => !s.isCurrent)).toMatchObject({ isPasskey: false });

    const [used] = await listOf(cookie);
    expect(used).toMatchObject({ id: passkey.id, lastUsedAt: ctx.clock.now().toISOString() });
    const [row] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row!.counter).toBe(1);
    // Signed in from a browser the account had not used: the owner is told, as after a password (ADR 073).
    const told = (await smtp.mailsTo(signedIn.user.email)).map((m) => m.subject);
    expect(told).toContain('New sign-in to your Daybook account');

    // The sessions and verifications tables, and the challenges', hold nothing that signs anyone in.
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const stored = JSON.stringify([
      await ctx.database.db.select().from(sessions),
      await ctx.database.db.select().from(verifications),
      await ctx.database.db.select().from(passkeyChallenges),
    ]);
    expect(token.length).toBeGreaterThan(20);
    expect(stored).not.toContain(token);
  });

  it('refuses a replayed answer, another origin, no user verification, a challenge run out, and a cloned key', async () => {
    const signedIn = await createSignedInUser(ctx);
    const { authenticator } = await withPasskey(signedIn);

    const options = await signInOptions();
    const answer = authenticator.authenticate(options);
    expect((await passkeySignIn(answer)).statusCode).toBe(200);
    const replayed = await passkeySignIn(answer);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({
      code: 'PASSKEY_CHALLENGE_EXPIRED',
      message: 'That took too long. Try again.',
    });

    const refused = async (deviation: Parameters<SoftwareAuthenticator['authenticate']>[1]) => {
      const response = await passkeySignIn(authenticator.authenticate(await signInOptions(), deviation));
      expect(response.statusCode).toBe(400);
      expect(response.headers['set-cookie'] ?? []).not.toContainEqual(
        expect.stringContaining('session_token'),
      );
      return response.json().code;
    };
    expect(await refused({ origin: 'https://daybook.example.net' })).toBe('PASSKEY_NOT_VERIFIED');
    expect(await refused({ rpId: 'daybook.example.net' })).toBe('PASSKEY_NOT_VERIFIED');
    expect(await refused({ userVerified: false })).toBe('PASSKEY_NOT_VERIFIED');
    // A user handle naming someone else than the passkey's owner.
    const someoneElse = Buffer.from((await createSignedInUser(ctx)).user.id).toString('base64url');
    expect(await refused({ userHandle: someoneElse })).toBe('PASSKEY_NOT_VERIFIED');

    // A challenge made for adding a passkey is no sign-in's.
    expect(await passkeySignIn(authenticator.authenticate(await addOptions(signedIn.cookie)))).toMatchObject({
      statusCode: 400,
    });

    const late = await signInOptions();
    ctx.clock.advance(5 * MINUTE + 1000);
    expect((await passkeySignIn(authenticator.authenticate(late))).json().code).toBe(
      'PASSKEY_CHALLENGE_EXPIRED',
    );

    // A signature counter that falls behind the stored one is a cloned authenticator's: refused.
    authenticator.setCounter(0);
    expect(await refused({})).toBe('PASSKEY_NOT_VERIFIED');

    // A passkey Daybook never saw.
    const stranger = await passkeySignIn(newAuthenticator().authenticate(await signInOptions()));
    expect(stranger.json()).toMatchObject({ code: 'PASSKEY_UNKNOWN' });
  });

  it('asks no code of a two-step account: the passkey is both steps', async () => {
    const signedIn = await createSignedInUser(ctx);
    const setup = await call({
      method: 'POST',
      url: '/api/me/two-factor/setup',
      headers: { cookie: signedIn.cookie },
      payload: { password: signedIn.user.password },
    });
    const { base32Decode } = await import('@daybook/shared');
    const secret = base32Decode(setup.json().secret)!;
    const enabled = await call({
      method: 'POST',
      url: '/api/me/two-factor/enable',
      headers: { cookie: signedIn.cookie },
      payload: { code: totpCode(secret, totpStep(ctx.clock.now())), signOutOtherSessions: false },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await signIn(ctx, signedIn.user.email)).json()).toEqual({ twoFactorRequired: true });

    const { authenticator } = await withPasskey(signedIn);
    const response = await signInWith(authenticator);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.id).toBe(signedIn.user.id);
  });

  it('keeps the account rules: a disabled account and an unconfirmed address are refused; a password lock is not a passkey lock', async () => {
    const signedIn = await createSignedInUser(ctx);
    const { authenticator } = await withPasskey(signedIn);

    await ctx.database.db.update(users).set({ banned: true }).where(eq(users.id, signedIn.user.id));
    const disabled = await signInWith(authenticator);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe('ACCOUNT_DISABLED');
    expect(disabled.headers['set-cookie'] ?? []).not.toContainEqual(expect.stringContaining('session_token'));

    await ctx.database.db
      .update(users)
      .set({ banned: false, emailVerified: false })
      .where(eq(users.id, signedIn.user.id));
    const unconfirmed = await signInWith(authenticator);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().code).toBe('EMAIL_NOT_VERIFIED');
    await ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, signedIn.user.id));

    // Five wrong passwords lock the password step; the passkey still signs in, and the count starts again.
    for (let i = 0; i < 5; i += 1) await signIn(ctx, signedIn.user.email, 'Wrong-Password-9');
    const status = async () =>
      (
        await call({ method: 'POST', url: '/api/auth/login-status', payload: { email: signedIn.user.email } })
      ).json();
    expect((await status()).isLockedOut).toBe(true);
    expect((await signInWith(authenticator)).statusCode).toBe(200);
    expect(await status()).toMatchObject({ isLockedOut: false, failedAttempts: 0 });
  });

  it('renames and removes only your own passkeys; a removed one no longer signs in', async () => {
    const owner = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const { authenticator, passkey } = await withPasskey(owner, 'Phone');
    await withPasskey(owner, 'Laptop');

    const renameAs = (cookie: string, name: string) =>
      call({
        method: 'PATCH',
        url: `/api/me/passkeys/${passkey.id}`,
        headers: { cookie },
        payload: { name },
      });
    const removeAs = (cookie: string) =>
      call({ method: 'DELETE', url: `/api/me/passkeys/${passkey.id}`, headers: { cookie } });

    expect((await renameAs(other.cookie, 'Mine now')).statusCode).toBe(404);
    expect((await removeAs(other.cookie)).statusCode).toBe(404);
    expect((await renameAs(owner.cookie, '   ')).json().fields).toEqual({
      name: 'Give the passkey a name, like "Laptop" or "Phone"',
    });
    // PostgreSQL text holds no NUL: refused with its message, not a 500 (found by the fuzz test).
    const withNul = await renameAs(owner.cookie, '1985-\u000001-14');
    expect(withNul.statusCode).toBe(400);
    expect(withNul.json().fields).toEqual({ name: 'Remove control characters' });
    const renamed = await renameAs(owner.cookie, 'Old phone');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Old phone');

    const removed = await removeAs(owner.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Passkey removed.');
    expect((await removeAs(owner.cookie)).statusCode).toBe(404);
    expect((await listOf(owner.cookie)).map((p: { name: string }) => p.name)).toEqual(['Laptop']);
    expect((await signInWith(authenticator)).json().code).toBe('PASSKEY_UNKNOWN');

    // Removing the last one is fine: the password remains.
    const [last] = await listOf(owner.cookie);
    expect(
      (
        await call({
          method: 'DELETE',
          url: `/api/me/passkeys/${last.id}`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect(await listOf(owner.cookie)).toEqual([]);
    expect((await signIn(ctx, owner.user.email)).statusCode).toBe(200);
  });

  it('of two sign-ins carrying one answer at once, at most one signs in', async () => {
    const signedIn = await createSignedInUser(ctx);
    const { authenticator } = await withPasskey(signedIn);
    const answer = authenticator.authenticate(await signInOptions());
    const outcomes = await Promise.all([passkeySignIn(answer), passkeySignIn(answer)]);
    expect(outcomes.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('needs a signed-in session to add or list passkeys', async () => {
    expect((await call({ method: 'GET', url: '/api/me/passkeys' })).statusCode).toBe(401);
    expect((await call({ method: 'POST', url: '/api/me/passkeys/options' })).statusCode).toBe(401);
  });
});
