import {
  deriveKeyPairWrapKeyV2,
  generateKeyPair,
  KEY_PAIR_MESSAGES,
  openSealedText,
  sealTextToPublicKey,
  unwrapPrivateKey,
  wrapPrivateKey,
} from '@daybook/shared';
import { importAccountKey } from '@daybook/shared/private-keys';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { keyPairs } from '../src/db/schema/index.ts';
import { purgeDueAccounts } from '../src/modules/account/deletion.ts';
import { publicKeysOf } from '../src/modules/key-pairs/service.ts';
import { useTestApp } from './support/app.ts';
import { clientAddress, createSignedInUser } from './support/factories.ts';
import { browserKeySetUp } from './support/private-keys.ts';

/*
 * Each account's key pair (ADR 102) through the real app on a real database, the browser's part done with the
 * shared key layer the web runs: made once (two at once included), answered to its owner alone, rewrapped under the
 * other kind with the same public key and, in private mode, the key's proof; removed by a fresh start and with the
 * account. What the server stores of a private-mode pair opens with nothing it holds.
 */

const PASSPHRASE = 'otters hold hands while they sleep';
const DAY = 24 * 60 * 60 * 1000;

type Person = Awaited<ReturnType<typeof createSignedInUser>>;

describe('key pairs', () => {
  const ctx = useTestApp();

  const call = (person: Person, options: InjectOptions) =>
    ctx.app.inject({
      remoteAddress: clientAddress(),
      ...options,
      headers: { cookie: person.cookie, ...options.headers },
    });
  const mine = (person: Person) => call(person, { method: 'GET', url: '/api/me/key-pair' });
  const create = (person: Person, payload: object) =>
    call(person, { method: 'POST', url: '/api/me/key-pair', payload });
  const rewrap = (person: Person, payload: object) =>
    call(person, { method: 'PUT', url: '/api/me/key-pair/wrap', payload });
  const storedRow = async (userId: string) =>
    (await ctx.database.db.select().from(keyPairs).where(eq(keyPairs.userId, userId)))[0];

  /** What the browser sends for a standard account: the pair wrapped under the standard entry key. */
  async function standardPair(userId: string) {
    const pair = await generateKeyPair();
    const standardKey = await ctx.app.services.encryption.keyFor(userId);
    return {
      pair,
      body: {
        publicKey: pair.publicKey,
        wrappedPrivateKey: await wrapPrivateKey(standardKey, pair.privateKey, 1, userId),
        wrapKind: 1 as const,
      },
    };
  }

  async function setUpPrivateMode(person: Person) {
    const keys = await browserKeySetUp(person.user.id, PASSPHRASE);
    const response = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode',
      payload: {
        password: person.user.password,
        kdf: keys.kdf,
        passphraseWrap: keys.passphraseWrap,
        recoveryWrap: keys.recoveryWrap,
        keyProof: keys.keyProof,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { ...keys, pairWrapKey: await deriveKeyPairWrapKeyV2(await importAccountKey(keys.accountKey)) };
  }

  it('has none until the browser makes one, then answers it to its owner, once', async () => {
    const person = await createSignedInUser(ctx);
    const none = await mine(person);
    expect(none.statusCode).toBe(404);
    // With the mode, so that the browser knows under which key to make one.
    expect(none.json()).toMatchObject({
      code: 'KEY_PAIR_NOT_FOUND',
      message: KEY_PAIR_MESSAGES.notFound,
      details: { mode: 'standard' },
    });

    const { pair, body } = await standardPair(person.user.id);
    const created = await create(person, body);
    expect(created.statusCode, created.body).toBe(201);
    const now = ctx.clock.now().toISOString();
    expect(created.json()).toEqual({ ...body, mode: 'standard', createdAt: now, rewrappedAt: now });
    expect((await mine(person)).json()).toEqual(created.json());

    // The browser opens its wrap with the standard key and gets the same pair: a note sealed to it opens.
    const answer = (await mine(person)).json();
    const privateKey = await unwrapPrivateKey(
      await ctx.app.services.encryption.keyFor(person.user.id),
      answer.wrappedPrivateKey,
      1,
      person.user.id,
    );
    const sealed = await sealTextToPublicKey(answer.publicKey, 'thank you', 'thank-you|x');
    expect(await openSealedText(privateKey, answer.publicKey, sealed, 'thank-you|x')).toBe('thank you');
    expect(await openSealedText(pair.privateKey, pair.publicKey, sealed, 'thank-you|x')).toBe('thank you');

    // A second pair is refused: what was sealed to the first must keep opening.
    const second = await create(person, (await standardPair(person.user.id)).body);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'KEY_PAIR_EXISTS', message: KEY_PAIR_MESSAGES.exists });
    expect((await storedRow(person.user.id))?.publicKey).toBe(pair.publicKey);
  });

  it('keeps one pair when two are sent at once', async () => {
    const person = await createSignedInUser(ctx);
    const [a, b] = await Promise.all([standardPair(person.user.id), standardPair(person.user.id)]);
    const answers = await Promise.all([create(person, a.body), create(person, b.body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const stored = await storedRow(person.user.id);
    const winner = answers.find((answer) => answer.statusCode === 201)?.json();
    expect(stored?.publicKey).toBe(winner.publicKey);
  });

  it('refuses what is not a public key, a wrap that cannot be one, and a kind the mode does not allow', async () => {
    const person = await createSignedInUser(ctx);
    const { body } = await standardPair(person.user.id);
    // 65 bytes of the right length and form that are no point on the curve.
    const notAPoint = Buffer.from(Uint8Array.of(4, ...new Array(64).fill(7))).toString('base64');
    const invalid = await create(person, { ...body, publicKey: notAPoint });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'KEY_PAIR_INVALID',
      message: KEY_PAIR_MESSAGES.publicKeyInvalid,
    });
    expect((await create(person, { ...body, publicKey: 'short' })).statusCode).toBe(400);
    expect((await create(person, { ...body, wrappedPrivateKey: 'A'.repeat(20) })).statusCode).toBe(400);
    expect((await create(person, { ...body, wrapKind: 3 })).statusCode).toBe(400);

    // Kind 2 needs private mode set up; a standard account's pair is wrapped under the standard key.
    const kindTwo = await create(person, { ...body, wrapKind: 2 });
    expect(kindTwo.statusCode).toBe(409);
    expect(kindTwo.json()).toMatchObject({
      code: 'KEY_PAIR_WRAP_REFUSED',
      message: KEY_PAIR_MESSAGES.wrapRefused(2),
    });
    expect(await storedRow(person.user.id)).toBeUndefined();
  });

  it('in private mode: made under the account key with its proof, opened by nothing the server holds', async () => {
    const person = await createSignedInUser(ctx);
    const keys = await setUpPrivateMode(person);
    const pair = await generateKeyPair();
    const body = {
      publicKey: pair.publicKey,
      wrappedPrivateKey: await wrapPrivateKey(keys.pairWrapKey, pair.privateKey, 2, person.user.id),
      wrapKind: 2 as const,
    };
    // Without the proof (a session alone must not plant a pair whose private half it holds), then under kind 1.
    const noProof = await create(person, body);
    expect(noProof.statusCode).toBe(409);
    expect(noProof.json().code).toBe('PRIVATE_KEY_PROOF_WRONG');
    const standard = await create(person, {
      ...(await standardPair(person.user.id)).body,
      keyProof: keys.keyProof,
    });
    expect(standard.statusCode).toBe(409);
    expect(standard.json()).toMatchObject({
      code: 'KEY_PAIR_WRAP_REFUSED',
      message: KEY_PAIR_MESSAGES.wrapRefused(1),
    });

    const created = await create(person, { ...body, keyProof: keys.keyProof });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ wrapKind: 2, mode: 'private' });
    // The server's standard key does not open this wrap.
    await expect(
      unwrapPrivateKey(
        await ctx.app.services.encryption.keyFor(person.user.id),
        body.wrappedPrivateKey,
        2,
        person.user.id,
      ),
    ).rejects.toMatchObject({ code: 'PRIVATE_KEY_UNOPENABLE' });
    const opened = await unwrapPrivateKey(
      keys.pairWrapKey,
      created.json().wrappedPrivateKey,
      2,
      person.user.id,
    );
    const sealed = await sealTextToPublicKey(pair.publicKey, 'hello', 'c');
    expect(await openSealedText(opened, pair.publicKey, sealed, 'c')).toBe('hello');
  });

  it('rewraps the same pair under the other kind as private mode is switched on and off, never another pair', async () => {
    const person = await createSignedInUser(ctx);
    const { pair, body } = await standardPair(person.user.id);
    expect((await create(person, body)).statusCode).toBe(201);
    const keys = await setUpPrivateMode(person);
    const underAccountKey = {
      publicKey: pair.publicKey,
      wrappedPrivateKey: await wrapPrivateKey(keys.pairWrapKey, pair.privateKey, 2, person.user.id),
      wrapKind: 2 as const,
    };

    // Private mode is on: only with the proof, and only the same public key.
    expect((await rewrap(person, underAccountKey)).json().code).toBe('PRIVATE_KEY_PROOF_WRONG');
    const otherPair = await generateKeyPair();
    const mismatch = await rewrap(person, {
      ...underAccountKey,
      publicKey: otherPair.publicKey,
      keyProof: keys.keyProof,
    });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toMatchObject({ code: 'KEY_PAIR_MISMATCH', message: KEY_PAIR_MESSAGES.mismatch });
    ctx.clock.advance(60_000);
    const on = await rewrap(person, { ...underAccountKey, keyProof: keys.keyProof });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ publicKey: pair.publicKey, wrapKind: 2, mode: 'private' });
    expect(on.json().rewrappedAt).not.toBe(on.json().createdAt);
    expect((await storedRow(person.user.id))?.wrappedPrivateKey).toBe(underAccountKey.wrappedPrivateKey);

    // Switching off: finishing waits until the pair is back under the standard key, or its private half is lost.
    const started = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/switch-off',
      payload: { keyProof: keys.keyProof },
    });
    expect(started.statusCode, started.body).toBe(200);
    const finish = () =>
      call(person, {
        method: 'POST',
        url: '/api/me/private-mode/switch-off/finish',
        payload: { keyProof: keys.keyProof },
      });
    const refused = await finish();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PRIVATE_ENTRIES_REMAIN',
      message: KEY_PAIR_MESSAGES.switchOffKeyPairRemains,
    });
    const back = await rewrap(person, {
      ...body,
      wrappedPrivateKey: body.wrappedPrivateKey,
      keyProof: keys.keyProof,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ wrapKind: 1, mode: 'switching-off' });
    expect((await finish()).statusCode).toBe(200);
    expect((await mine(person)).json()).toMatchObject({
      publicKey: pair.publicKey,
      wrapKind: 1,
      mode: 'standard',
    });
    // Standard again: the account key's wrap is refused.
    expect((await rewrap(person, underAccountKey)).json().code).toBe('KEY_PAIR_WRAP_REFUSED');
  });

  it('answers and changes nothing of another account’s pair', async () => {
    const owner = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const { body } = await standardPair(owner.user.id);
    expect((await create(owner, body)).statusCode).toBe(201);
    const before = await storedRow(owner.user.id);

    // The other session only ever reaches its own row: none to read, none to rewrap with the owner's public key.
    const read = await mine(other);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain(body.publicKey);
    const changed = await rewrap(other, body);
    expect(changed.statusCode).toBe(404);
    expect(changed.json().code).toBe('KEY_PAIR_NOT_FOUND');
    // Its own pair is its own, whatever the owner has.
    const own = await create(other, (await standardPair(other.user.id)).body);
    expect(own.statusCode).toBe(201);
    expect(await storedRow(owner.user.id)).toEqual(before);
    // A user id in the path or the body is no way in either.
    expect(
      (await call(other, { method: 'GET', url: `/api/me/key-pair?userId=${owner.user.id}` })).json()
        .publicKey,
    ).not.toBe(body.publicKey);
    expect(
      (await call(other, { method: 'GET', url: `/api/users/${owner.user.id}/key-pair` })).statusCode,
    ).toBe(404);

    const keys = await publicKeysOf(ctx.database.db, [owner.user.id, other.user.id, owner.user.id]);
    expect(keys.get(owner.user.id)).toBe(body.publicKey);
    expect(keys.get(other.user.id)).toBe(own.json().publicKey);
    expect(keys.size).toBe(2);
    expect((await publicKeysOf(ctx.database.db, [])).size).toBe(0);
  });

  it('goes with a fresh start of private mode, and with the account', async () => {
    const person = await createSignedInUser(ctx);
    const keys = await setUpPrivateMode(person);
    const pair = await generateKeyPair();
    expect(
      (
        await create(person, {
          publicKey: pair.publicKey,
          wrappedPrivateKey: await wrapPrivateKey(keys.pairWrapKey, pair.privateKey, 2, person.user.id),
          wrapKind: 2,
          keyProof: keys.keyProof,
        })
      ).statusCode,
    ).toBe(201);
    const fresh = await call(person, {
      method: 'POST',
      url: '/api/me/private-mode/start-fresh',
      payload: { password: person.user.password },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await storedRow(person.user.id)).toBeUndefined();
    expect((await mine(person)).statusCode).toBe(404);

    // A new pair for the standard account that remains, removed with the account.
    expect((await create(person, (await standardPair(person.user.id)).body)).statusCode).toBe(201);
    await call(person, { method: 'POST', url: '/api/me/deletion', payload: {} });
    ctx.clock.advance(31 * DAY);
    expect(await purgeDueAccounts(ctx.database.db, ctx.clock, 'audit-secret')).toBeGreaterThanOrEqual(1);
    expect(await storedRow(person.user.id)).toBeUndefined();
  });
});
