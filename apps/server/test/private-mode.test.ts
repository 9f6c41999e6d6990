import { PRIVATE_MODE_MESSAGES } from '@daybook/shared';
import { importAccountKey, keyProof } from '@daybook/shared/private-keys';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { emailOutbox, privateKeys } from '../src/db/schema/index.ts';
import { useTestApp } from './support/app.ts';
import { clientAddress, createSignedInUser } from './support/factories.ts';
import {
  browserKeySetUp,
  rewrapForPassphrase,
  rewrapForRecovery,
  unlockWithPassphrase,
  unlockWithRecoveryWords,
} from './support/private-keys.ts';

/*
 * Private mode's key layer (ADR 089) through the real app on a real database: the browser's part is
 * the shared key layer the web runs (Argon2id, AES-GCM wraps, recovery words), so what the server stores is checked
 * to open with the passphrase and the recovery key and with nothing it holds. Set-up with the password again, the
 * material answered to its owner alone, passphrase change and new recovery key with the proof of holding the key,
 * set-up twice (one after the other and at once), and starting fresh when both secrets are lost.
 */

const PASSPHRASE = 'otters hold hands while they sleep';
const NEW_PASSPHRASE = 'the kettle sings in the blue kitchen';
/** A proof of the right shape that no key of these tests derives. */
const OTHER_PROOF = `${'A'.repeat(43)}=`;

type Person = Awaited<ReturnType<typeof createSignedInUser>>;

describe('private mode key material', () => {
  const ctx = useTestApp();

  const call = (person: Person | null, options: InjectOptions) =>
    ctx.app.inject({
      remoteAddress: clientAddress(),
      ...options,
      headers: { ...(person ? { cookie: person.cookie } : {}), ...options.headers },
    });
  const status = (person: Person) => call(person, { method: 'GET', url: '/api/me/private-mode' });
  const material = (person: Person) => call(person, { method: 'GET', url: '/api/me/private-mode/keys' });
  const setUp = (person: Person, keys: Awaited<ReturnType<typeof browserKeySetUp>>, password?: string) =>
    call(person, {
      method: 'POST',
      url: '/api/me/private-mode',
      payload: {
        password: password ?? person.user.password,
        kdf: keys.kdf,
        passphraseWrap: keys.passphraseWrap,
        recoveryWrap: keys.recoveryWrap,
        keyProof: keys.keyProof,
      },
    });
  const changePassphrase = (person: Person, payload: object) =>
    call(person, { method: 'PUT', url: '/api/me/private-mode/passphrase', payload });
  const replaceRecovery = (person: Person, payload: object) =>
    call(person, { method: 'PUT', url: '/api/me/private-mode/recovery-key', payload });
  const startFresh = (person: Person, password: string) =>
    call(person, { method: 'POST', url: '/api/me/private-mode/start-fresh', payload: { password } });
  const storedRow = async (userId: string) =>
    (await ctx.database.db.select().from(privateKeys).where(eq(privateKeys.userId, userId)))[0];

  /** The owner's e-mails about the key (ADR 073's security mails), as subjects, and their texts. */
  const keyMails = async (email: string) =>
    ctx.database.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'private_key_changed')));
  const keyMailSubjects = async (email: string) => (await keyMails(email)).map((mail) => mail.subject).sort();

  async function setUpPerson() {
    const person = await createSignedInUser(ctx);
    const keys = await browserKeySetUp(person.user.id, PASSPHRASE);
    const response = await setUp(person, keys);
    expect(response.statusCode, response.body).toBe(201);
    return { person, keys };
  }

  it('is not set up until the browser sets it up; nothing to unlock before', async () => {
    const person = await createSignedInUser(ctx);
    expect((await status(person)).json()).toEqual({
      isSetUp: false,
      setUpAt: null,
      passphraseChangedAt: null,
      recoveryKeyChangedAt: null,
    });
    const none = await material(person);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      code: 'PRIVATE_MODE_NOT_SET_UP',
      message: PRIVATE_MODE_MESSAGES.notSetUp,
    });
  });

  it('keeps the register page’s choice of private mode with the account until it is set up or declined', async () => {
    const isChosen = async (person: Person) =>
      (await call(person, { method: 'GET', url: '/api/me' })).json().isPrivateModeChosen as boolean;
    const chooser = await createSignedInUser(ctx, { privateMode: true });
    expect(await isChosen(chooser)).toBe(true);
    expect(await isChosen(await createSignedInUser(ctx))).toBe(false);
    // "Not now" on the set-up page, in whichever browser.
    const declined = await call(chooser, { method: 'DELETE', url: '/api/me/private-mode-choice' });
    expect(declined.statusCode).toBe(204);
    expect(await isChosen(chooser)).toBe(false);
    expect((await call(null, { method: 'DELETE', url: '/api/me/private-mode-choice' })).statusCode).toBe(401);

    // Set up: no longer offered, though never declined.
    const setter = await createSignedInUser(ctx, { privateMode: true });
    const keys = await browserKeySetUp(setter.user.id, PASSPHRASE);
    expect((await setUp(setter, keys)).statusCode).toBe(201);
    expect(await isChosen(setter)).toBe(false);
  });

  it('sets up with the password again, and answers its owner what opens with the passphrase or the recovery key', async () => {
    const person = await createSignedInUser(ctx);
    const keys = await browserKeySetUp(person.user.id, PASSPHRASE);

    const wrongPassword = await setUp(person, keys, 'Not-The-Password-1');
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().code).toBe('CURRENT_PASSWORD_INCORRECT');
    expect(await storedRow(person.user.id)).toBeUndefined();
    expect(await keyMailSubjects(person.user.email)).toEqual([]);

    const profileSays = async () =>
      (await call(person, { method: 'GET', url: '/api/me' })).json().isPrivateMode as boolean;
    // The profile tells the web whether to ask for the passphrase (ADR 095).
    expect(await profileSays()).toBe(false);
    const created = await setUp(person, keys);
    expect(created.statusCode, created.body).toBe(201);
    expect(await profileSays()).toBe(true);
    const now = ctx.clock.now().toISOString();
    expect(created.json()).toEqual({
      isSetUp: true,
      setUpAt: now,
      passphraseChangedAt: now,
      recoveryKeyChangedAt: now,
    });

    const answer = await material(person);
    expect(answer.statusCode, answer.body).toBe(200);
    const stored = answer.json();
    expect(stored).toEqual({
      kdf: keys.kdf,
      passphraseWrap: keys.passphraseWrap,
      recoveryWrap: keys.recoveryWrap,
    });
    expect(await unlockWithPassphrase(person.user.id, stored, PASSPHRASE)).toEqual(keys.accountKey);
    expect(await unlockWithRecoveryWords(person.user.id, stored, keys.recoveryWords)).toEqual(
      keys.accountKey,
    );
    await expect(unlockWithPassphrase(person.user.id, stored, `${PASSPHRASE}!`)).rejects.toThrow(
      PRIVATE_MODE_MESSAGES.passphraseWrong,
    );

    // What the table holds opens nothing by itself: no key, no proof, no passphrase; the proof only as a hash.
    const row = await storedRow(person.user.id);
    const rowText = JSON.stringify(row);
    for (const secret of [keys.accountKeyBase64, keys.keyProof, PASSPHRASE, keys.recoveryWords])
      expect(rowText).not.toContain(secret);
    expect(row?.keyProofHash).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The owner hears of it, with nothing of the key in the mail.
    const [mail] = await keyMails(person.user.email);
    expect(mail?.subject).toBe("Private mode's key was set up for your Daybook account");
    expect(mail?.text).toContain("If this wasn't you");
    for (const secret of [keys.passphraseWrap, keys.recoveryWrap, keys.keyProof, keys.kdf.salt])
      expect(mail?.text).not.toContain(secret);
  });

  it('answers one person’s material to that person alone; another’s proof changes nothing of theirs', async () => {
    const a = await setUpPerson();
    const b = await createSignedInUser(ctx);

    // B has nothing, and nothing of A's is answered to B.
    const bMaterial = await material(b);
    expect(bMaterial.statusCode).toBe(404);
    expect(bMaterial.body).not.toContain(a.keys.passphraseWrap);
    // B cannot rewrap with A's proof: B has no key, and A's row is untouched.
    const replayed = await changePassphrase(b, {
      keyProof: a.keys.keyProof,
      ...(await rewrapForPassphrase(b.user.id, a.keys.accountKey, NEW_PASSPHRASE)),
    });
    expect(replayed.statusCode).toBe(404);
    expect(
      (await replaceRecovery(b, { keyProof: a.keys.keyProof, recoveryWrap: a.keys.recoveryWrap })).statusCode,
    ).toBe(404);
    expect((await startFresh(b, b.user.password)).statusCode).toBe(404);

    // Once B sets up, B reads B's and A still reads A's; A's proof does not pass for B's key.
    const bKeys = await browserKeySetUp(b.user.id, PASSPHRASE);
    expect((await setUp(b, bKeys)).statusCode).toBe(201);
    expect((await material(b)).json().passphraseWrap).toBe(bKeys.passphraseWrap);
    expect((await material(a.person)).json().passphraseWrap).toBe(a.keys.passphraseWrap);
    const crossed = await replaceRecovery(b, {
      keyProof: a.keys.keyProof,
      recoveryWrap: a.keys.recoveryWrap,
    });
    expect(crossed.statusCode).toBe(409);
    expect(crossed.json()).toMatchObject({ code: 'PRIVATE_KEY_PROOF_WRONG' });
    // A's wrap, copied into B's slot by whoever could, would not open for B: it is bound to A's id.
    await expect(unlockWithPassphrase(b.user.id, a.keys, PASSPHRASE)).rejects.toThrow(
      PRIVATE_MODE_MESSAGES.passphraseWrong,
    );

    // Signed out, nothing at all.
    const signedOut = await call(null, { method: 'GET', url: '/api/me/private-mode/keys' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses a second set-up, one after the other and two at once, keeping the first key', async () => {
    const { person, keys } = await setUpPerson();
    const again = await setUp(person, await browserKeySetUp(person.user.id, NEW_PASSPHRASE));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PRIVATE_MODE_ALREADY_SET_UP',
      message: PRIVATE_MODE_MESSAGES.alreadySetUp,
    });
    expect((await material(person)).json().passphraseWrap).toBe(keys.passphraseWrap);

    // Two tabs setting up at once: one key wins whole, the other is told.
    const racer = await createSignedInUser(ctx);
    const first = await browserKeySetUp(racer.user.id, PASSPHRASE);
    const second = await browserKeySetUp(racer.user.id, NEW_PASSPHRASE);
    const answers = await Promise.all([setUp(racer, first), setUp(racer, second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const winner = answers[0]!.statusCode === 201 ? first : second;
    const stored = (await material(racer)).json();
    expect(stored).toEqual({
      kdf: winner.kdf,
      passphraseWrap: winner.passphraseWrap,
      recoveryWrap: winner.recoveryWrap,
    });
  });

  it('changes the passphrase by rewrapping the same key; the old passphrase no longer opens it', async () => {
    const { person, keys } = await setUpPerson();
    ctx.clock.advance(60_000);
    const rewrap = await rewrapForPassphrase(person.user.id, keys.accountKey, NEW_PASSPHRASE);

    const withoutProof = await changePassphrase(person, { ...rewrap, keyProof: OTHER_PROOF });
    expect(withoutProof.statusCode).toBe(409);
    expect(withoutProof.json().message).toBe(PRIVATE_MODE_MESSAGES.keyProofWrong);

    const changed = await changePassphrase(person, { ...rewrap, keyProof: keys.keyProof });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().passphraseChangedAt).toBe(ctx.clock.now().toISOString());
    expect(changed.json().recoveryKeyChangedAt).not.toBe(ctx.clock.now().toISOString());

    const stored = (await material(person)).json();
    expect(stored.kdf).toEqual(rewrap.kdf);
    expect(await unlockWithPassphrase(person.user.id, stored, NEW_PASSPHRASE)).toEqual(keys.accountKey);
    await expect(unlockWithPassphrase(person.user.id, stored, PASSPHRASE)).rejects.toThrow(
      PRIVATE_MODE_MESSAGES.passphraseWrong,
    );
    // The recovery key is untouched and still opens the same key.
    expect(await unlockWithRecoveryWords(person.user.id, stored, keys.recoveryWords)).toEqual(
      keys.accountKey,
    );
    // One e-mail for the change, none for the refused attempt.
    expect(await keyMailSubjects(person.user.email)).toEqual([
      "Private mode's key was set up for your Daybook account",
      'Your Daybook private-mode passphrase was changed',
    ]);
  });

  it('takes a forgotten passphrase back through the recovery key', async () => {
    const { person, keys } = await setUpPerson();
    const stored = (await material(person)).json();
    const opened = await unlockWithRecoveryWords(person.user.id, stored, keys.recoveryWords);
    const rewrap = await rewrapForPassphrase(person.user.id, opened, NEW_PASSPHRASE);
    const proofFromRecovery = await keyProof(await importAccountKey(opened));
    expect((await changePassphrase(person, { ...rewrap, keyProof: proofFromRecovery })).statusCode).toBe(200);
    expect(
      await unlockWithPassphrase(person.user.id, (await material(person)).json(), NEW_PASSPHRASE),
    ).toEqual(keys.accountKey);
  });

  it('replaces the recovery key while unlocked: the new words open the key, the old ones no longer do', async () => {
    const { person, keys } = await setUpPerson();
    const fresh = await rewrapForRecovery(person.user.id, keys.accountKey);
    expect(
      (await replaceRecovery(person, { keyProof: OTHER_PROOF, recoveryWrap: fresh.recoveryWrap })).statusCode,
    ).toBe(409);
    const replaced = await replaceRecovery(person, {
      keyProof: keys.keyProof,
      recoveryWrap: fresh.recoveryWrap,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const stored = (await material(person)).json();
    expect(await unlockWithRecoveryWords(person.user.id, stored, fresh.recoveryWords)).toEqual(
      keys.accountKey,
    );
    await expect(unlockWithRecoveryWords(person.user.id, stored, keys.recoveryWords)).rejects.toThrow(
      PRIVATE_MODE_MESSAGES.recoveryKeyWrong,
    );
    expect(await unlockWithPassphrase(person.user.id, stored, PASSPHRASE)).toEqual(keys.accountKey);
    expect(await keyMailSubjects(person.user.email)).toContain('A new Daybook recovery key was made');
  });

  it('starts fresh when both secrets are lost: the password again, the old key gone, a new one can be set up', async () => {
    const { person, keys } = await setUpPerson();

    const wrong = await startFresh(person, 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_INCORRECT');
    expect((await status(person)).json().isSetUp).toBe(true);

    const fresh = await startFresh(person, person.user.password);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toEqual({ ok: true, message: PRIVATE_MODE_MESSAGES.startedFresh });
    expect((await material(person)).statusCode).toBe(404);
    expect(await storedRow(person.user.id)).toBeUndefined();
    expect(await keyMailSubjects(person.user.email)).toContain('Your Daybook private-mode key was removed');
    expect((await call(person, { method: 'GET', url: '/api/me' })).json().isPrivateMode).toBe(false);
    // A browser still holding the old key can no longer change anything.
    const stale = await changePassphrase(person, {
      keyProof: keys.keyProof,
      ...(await rewrapForPassphrase(person.user.id, keys.accountKey, NEW_PASSPHRASE)),
    });
    expect(stale.statusCode).toBe(404);

    // A new key, with its own proof; the old key's proof does not pass for it.
    const second = await browserKeySetUp(person.user.id, NEW_PASSPHRASE);
    expect((await setUp(person, second)).statusCode).toBe(201);
    const oldProof = await replaceRecovery(person, {
      keyProof: keys.keyProof,
      recoveryWrap: second.recoveryWrap,
    });
    expect(oldProof.statusCode).toBe(409);
    expect(
      await unlockWithPassphrase(person.user.id, (await material(person)).json(), NEW_PASSPHRASE),
    ).toEqual(second.accountKey);
  });

  it('limits password guesses through a fresh start per client, as the profile’s other security steps are', async () => {
    const { person } = await setUpPerson();
    const from = clientAddress();
    const guess = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/me/private-mode/start-fresh',
        headers: { cookie: person.cookie },
        payload: { password: 'Not-The-Password-1' },
        remoteAddress: from,
      });
    for (let attempt = 0; attempt < 5; attempt++) expect((await guess()).statusCode).toBe(400);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await status(person)).json().isSetUp).toBe(true);
  });

  it('validates what it stores: wraps and proofs of the right size, Argon2id costs within bounds', async () => {
    const person = await createSignedInUser(ctx);
    const keys = await browserKeySetUp(person.user.id, PASSPHRASE);
    const base = {
      password: person.user.password,
      kdf: keys.kdf,
      passphraseWrap: keys.passphraseWrap,
      recoveryWrap: keys.recoveryWrap,
      keyProof: keys.keyProof,
    };
    for (const payload of [
      { ...base, kdf: { ...keys.kdf, memoryKiB: 1024 } },
      { ...base, kdf: { ...keys.kdf, iterations: 1 } },
      { ...base, kdf: { ...keys.kdf, memoryKiB: 4 * 1024 * 1024 } },
      { ...base, kdf: { ...keys.kdf, algorithm: 'pbkdf2' } },
      { ...base, kdf: { ...keys.kdf, salt: 'c2hvcnQ=' } },
      { ...base, passphraseWrap: keys.passphraseWrap.slice(4) },
      { ...base, recoveryWrap: `${keys.recoveryWrap.slice(0, -1)}!` },
      { ...base, keyProof: undefined },
    ]) {
      const refused = await call(person, { method: 'POST', url: '/api/me/private-mode', payload });
      expect(refused.statusCode, JSON.stringify(payload.kdf)).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await storedRow(person.user.id)).toBeUndefined();
  });
});
