import { base32Decode } from '@daybook/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DatabaseTimeouts } from '../src/db/client.ts';
import { relyingParty } from '../src/infra/auth/relying-party.ts';
import { totpCode, totpStep } from '../src/infra/auth/totp.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { grantPremium, shareEntry, viewLink, writeEntry } from './sharing-support.ts';
import { type TestContext, testConfig } from './support/app.ts';
import {
  browserEncrypt,
  clientAddress,
  latestMailTo,
  pathOf,
  register,
  sessionCookie,
  signIn,
} from './support/factories.ts';
import { type Outage, openOutageDatabase } from './support/outage.ts';
import { browserKeySetUp, rewrapForPassphrase } from './support/private-keys.ts';
import { createSoftwareAuthenticator } from './support/software-authenticator.ts';

/** The fields of a log line this test reads. */
type LogLine = {
  msg: string;
  reqId?: string;
  req?: { url: string };
  err?: { query?: string };
};

const driver = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
/** Short deadlines: the outage at the end is a refused connection (PostgreSQL) or a closed database (PGlite). */
const timeouts: DatabaseTimeouts = { connectMs: 1_000, statementMs: 5_000, lockMs: 500, pingMs: 700 };

const PASSWORD = 'Lantern-Harbour-7193';
const NEW_PASSWORD = 'Copper-Meadow-5820';
/** A phrase only the journal's text holds: encrypted in the browser, decrypted on the server to check and share. */
const SEEDED_PHRASE = 'the blue heron counted seventeen lanterns';

/** The session cookie of a reply, and every spelling of its secret a log line could carry. */
function sessionSecrets(setCookie: string | string[] | undefined) {
  const cookie = sessionCookie(setCookie);
  const encoded = cookie.slice(cookie.indexOf('=') + 1);
  const signed = decodeURIComponent(encoded);
  const token = signed.slice(0, signed.lastIndexOf('.'));
  return { cookie, secrets: [encoded, signed, token] };
}

/**
 * Everything the server logs over a whole journey, an outage and a failed query, at the most verbose level, kept
 * line by line and searched for every secret the journey handled (ADR 053). Tokens leave through query parameters
 * (a failed session lookup's `params: <token>`), paths (`/share/<token>`) and better-auth's own error log.
 */
describe(`log lines over a journey, an outage and a failed query (${driver})`, () => {
  const lines: string[] = [];
  const secrets = new Map<string, string>();
  const keep = (what: string, value: string) => {
    expect(value.length, what).toBeGreaterThanOrEqual(8);
    secrets.set(value, what);
  };
  let outage: Outage;
  const ctx = {} as TestContext;

  beforeAll(async () => {
    outage = await openOutageDatabase(timeouts);
    ctx.config = testConfig({ LOG_LEVEL: 'trace' });
    ctx.clock = new ManualClock();
    ctx.database = outage.database;
    ctx.app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      clock: ctx.clock,
      logStream: { write: (line: string) => lines.push(line) },
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await outage?.cleanUp();
  });

  it('never writes a token, cookie, password or journal text, and still says what happened', async () => {
    keep('password', PASSWORD);
    keep('new password', NEW_PASSWORD);
    keep('seeded phrase', SEEDED_PHRASE);

    // Register, and confirm from the registering browser: signed in by the link.
    const { email, response: registered } = await register(ctx, { password: PASSWORD });
    expect(registered.statusCode, registered.body).toBe(201);
    const registeredBrowser = String(registered.headers['set-cookie']).match(
      /daybook\.registered_browser=[^;]+/,
    )![0];
    const confirmation = await latestMailTo(ctx, email);
    keep('verification token', new URL(confirmation!.link!).searchParams.get('token')!);
    const confirmed = await ctx.app.inject({
      method: 'GET',
      url: pathOf(confirmation!.link!),
      headers: { cookie: registeredBrowser },
      remoteAddress: clientAddress(),
    });
    expect(confirmed.statusCode).toBe(302);
    for (const secret of sessionSecrets(confirmed.headers['set-cookie']).secrets)
      keep('confirmed session', secret);

    // Sign in with the password; write an entry holding the phrase; share it by e-mail.
    const signedIn = await signIn(ctx, email, PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = sessionSecrets(signedIn.headers['set-cookie']);
    for (const secret of session.secrets) keep('session', secret);
    const userId = signedIn.json().user.id as string;
    await grantPremium(ctx, userId);
    const entry = await writeEntry(ctx, session.cookie, userId, `Tonight ${SEEDED_PHRASE} by the pond.`);
    const recipient = `friend-${userId.slice(0, 8)}@example.com`;
    const shared = await shareEntry(ctx, session.cookie, entry.id, [recipient]);
    expect(shared.statusCode, shared.body).toBe(201);

    // The recipient opens the link: the page, then the API it reads.
    const shareLink = (await latestMailTo(ctx, recipient))!.link!;
    const shareToken = new URL(shareLink).pathname.split('/').pop()!;
    keep('share token', shareToken);
    const page = await ctx.app.inject({
      method: 'GET',
      url: pathOf(shareLink),
      remoteAddress: clientAddress(),
    });
    // No web build in these tests: the page path is answered all the same, and logged.
    expect(page.statusCode).toBe(503);
    const view = await viewLink(ctx, shareToken);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.body).toContain(SEEDED_PHRASE);

    // Forgotten password: the link, its landing, the new password; then sign in with it.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: clientAddress(),
    });
    const resetMail = await vi.waitFor(
      async () => {
        const latest = await latestMailTo(ctx, email);
        if (!latest?.subject.includes('Reset your')) throw new Error('no reset mail yet');
        return latest;
      },
      { timeout: 5_000, interval: 20 },
    );
    const resetToken = new URL(resetMail.link!).pathname.split('/').pop()!;
    keep('reset token', resetToken);
    const landing = await ctx.app.inject({
      method: 'GET',
      url: pathOf(resetMail.link!),
      remoteAddress: clientAddress(),
    });
    expect(landing.statusCode).toBe(302);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      remoteAddress: clientAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await signIn(ctx, email, NEW_PASSWORD);
    expect(again.statusCode, again.body).toBe(200);
    const afterReset = sessionSecrets(again.headers['set-cookie']);
    for (const secret of afterReset.secrets) keep('session after the reset', secret);

    // Two-step sign-in (ADR 075): its secret, the codes, the recovery codes and the pending sign-in's cookie.
    const post = (url: string, payload: object, cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: cookie ? { cookie } : {},
        remoteAddress: clientAddress(),
      });
    const setup = await post('/api/me/two-factor/setup', { password: NEW_PASSWORD }, afterReset.cookie);
    expect(setup.statusCode, setup.body).toBe(200);
    keep('two-step secret', setup.json().secret);
    const secret = base32Decode(setup.json().secret)!;
    const confirming = totpCode(secret, totpStep(ctx.clock.now()));
    const enabled = await post('/api/me/two-factor/enable', { code: confirming }, afterReset.cookie);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const recoveryCodes: string[] = enabled.json().recoveryCodes;
    for (const code of recoveryCodes) keep('recovery code', code);
    const passwordStep = await signIn(ctx, email, NEW_PASSWORD);
    const pending = ([] as string[])
      .concat(passwordStep.headers['set-cookie'] ?? [])
      .find((cookie) => cookie.startsWith('daybook.two_factor='))!
      .split(';')[0]!;
    keep('pending two-step sign-in', pending.slice(pending.indexOf('=') + 1));
    const codeStep = await post('/api/auth/two-factor', { recoveryCode: recoveryCodes[0] }, pending);
    expect(codeStep.statusCode, codeStep.body).toBe(200);
    const lastSession = sessionSecrets(codeStep.headers['set-cookie']);
    for (const secret of lastSession.secrets) keep('session after the code step', secret);

    // A passkey (ADR 080): added, then signing in; its challenges are single-use secrets of their own.
    const rp = relyingParty(ctx.config)!;
    const authenticator = createSoftwareAuthenticator({ origin: rp.origins[0]!, rpId: rp.id });
    const addOptions = await post('/api/me/passkeys/options', {}, lastSession.cookie);
    keep('passkey challenge', addOptions.json().challenge);
    const added = await post(
      '/api/me/passkeys',
      { name: 'Laptop', response: authenticator.register(addOptions.json()) },
      lastSession.cookie,
    );
    expect(added.statusCode, added.body).toBe(201);
    const signInOptions = await post('/api/auth/passkey/options', {});
    keep('passkey sign-in challenge', signInOptions.json().challenge);
    const passkeySignIn = await post('/api/auth/passkey/sign-in', {
      response: authenticator.authenticate(signInOptions.json()),
    });
    expect(passkeySignIn.statusCode, passkeySignIn.body).toBe(200);
    for (const secret of sessionSecrets(passkeySignIn.headers['set-cookie']).secrets)
      keep('passkey session', secret);

    // Private mode's key (ADR 089): its wraps, the proof and the Argon2id salt go to the server and come back; the
    // passphrase and the recovery words never leave the browser, and are searched for all the same.
    const passphrase = 'the tide keeps our letters folded';
    const keys = await browserKeySetUp(userId, passphrase);
    keep('private-mode passphrase', passphrase);
    keep('recovery words', keys.recoveryWords);
    keep('account key', keys.accountKeyBase64);
    keep('key proof', keys.keyProof);
    keep('passphrase wrap', keys.passphraseWrap);
    keep('recovery wrap', keys.recoveryWrap);
    keep('Argon2id salt', keys.kdf.salt);

    // Failed queries: the database refuses to end the session (better-auth logs that and goes on) and to store an
    // entry (ours to log as unhandled); the first carries the session token, the second the entry's ciphertext.
    await ctx.database.query(`
      create function refuse_for_the_test() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test' using errcode = '23505'; end $$`);
    await ctx.database.query(`
      create trigger refuse_sign_out before delete on sessions
      for each row execute function refuse_for_the_test()`);
    await ctx.database.query(`
      create trigger refuse_entries before insert on entries
      for each row execute function refuse_for_the_test()`);
    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: lastSession.cookie },
    });
    expect(signOut.statusCode, signOut.body).toBe(200);
    const payload = await browserEncrypt(ctx, lastSession.cookie, userId, 'Another evening.');
    keep('entry ciphertext', payload.encryptedContent);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/entries',
      headers: { cookie: lastSession.cookie },
      payload,
    });
    expect(refused.statusCode, refused.body).toBe(500);
    // Private mode is set up after the entry's write: an account in private mode takes only version-2 entries
    // (ADR 094), and the write above is the version-1 one a database refuses.
    const privateSetUp = await post(
      '/api/me/private-mode',
      {
        password: NEW_PASSWORD,
        kdf: keys.kdf,
        passphraseWrap: keys.passphraseWrap,
        recoveryWrap: keys.recoveryWrap,
        keyProof: keys.keyProof,
      },
      lastSession.cookie,
    );
    expect(privateSetUp.statusCode, privateSetUp.body).toBe(201);
    const unlockMaterial = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/private-mode/keys',
      headers: { cookie: lastSession.cookie },
    });
    expect(unlockMaterial.json().passphraseWrap).toBe(keys.passphraseWrap);
    const rewrapped = await rewrapForPassphrase(userId, keys.accountKey, `${passphrase} twice`);
    keep('new passphrase wrap', rewrapped.passphraseWrap);
    keep('new Argon2id salt', rewrapped.kdf.salt);
    // A passphrase change the database refuses: its statement carries the new wrap and the proof's hash.
    await ctx.database.query(`
      create trigger refuse_private_keys before update on private_keys
      for each row execute function refuse_for_the_test()`);
    const refusedRewrap = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/private-mode/passphrase',
      headers: { cookie: lastSession.cookie },
      payload: { keyProof: keys.keyProof, ...rewrapped },
      remoteAddress: clientAddress(),
    });
    expect(refusedRewrap.statusCode, refusedRewrap.body).toBe(500);

    // The outage: signed-in requests, and a sign-in with the password, while the database is gone.
    await outage.takeAway();
    for (const url of ['/api/me', '/api/entries', '/api/notifications', '/api/me/sessions']) {
      const answer = await ctx.app.inject({ method: 'GET', url, headers: { cookie: lastSession.cookie } });
      expect(answer.statusCode, url).toBe(503);
    }
    expect((await signIn(ctx, email, NEW_PASSWORD)).statusCode).toBe(503);

    // Nothing secret in any line.
    const text = lines.join('');
    const found = [...secrets].filter(([secret]) => text.includes(secret)).map(([, what]) => what);
    expect(found).toEqual([]);

    // And the log still says what happened: one line per request with its route, the failure and the outage.
    const parsed = lines.map((line) => JSON.parse(line) as LogLine);
    const requestLines = parsed.filter((line) => line.msg === 'request completed');
    expect(parsed.filter((line) => line.msg === 'incoming request')).toEqual([]);
    expect(requestLines.map((line) => line.req?.url)).toEqual(
      expect.arrayContaining(['/share/:token', '/api/share-links/:token', '/api/auth/reset-password/:token']),
    );
    const requestIds = requestLines.map((line) => line.reqId);
    // One line per request, under an id no other instance would give.
    expect(new Set(requestIds).size).toBe(requestIds.length);
    for (const id of requestIds)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const failure = parsed.find((line) => line.msg === 'unhandled error');
    expect(JSON.stringify(failure?.err)).toContain('23505');
    expect(failure?.err?.query).toMatch(/^insert into "entries" .* values \(default, \$1, \$2/);
    expect(parsed.some((line) => JSON.stringify(line).includes('Failed to delete session'))).toBe(true);
    // The refused rewrap is logged by its statement, without the wrap it carried.
    expect(parsed.some((line) => /^update "private_keys" set/.test(line.err?.query ?? ''))).toBe(true);
    expect(parsed.filter((line) => line.msg === 'database unavailable').length).toBeGreaterThanOrEqual(5);
  });
});
