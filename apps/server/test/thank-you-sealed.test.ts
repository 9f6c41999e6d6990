import {
  decryptText,
  deriveKeyPairWrapKeyV2,
  generateKeyPair,
  openSealedText,
  SENDING_LIMITS,
  SENDING_MESSAGES,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  SHARE_SEALING_MESSAGES,
  sealTextToPublicKey,
  thankYouSealContext,
  unwrapPrivateKey,
  wrapPrivateKey,
} from '@daybook/shared';
import { importAccountKey } from '@daybook/shared/private-keys';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { keyPairs, notifications, shareThankYouNotes } from '../src/db/schema/index.ts';
import { premiumUser, shareEntry, writeEntry } from './sharing-support.ts';
import { useTestApp } from './support/app.ts';
import { clientAddress, createSignedInUser } from './support/factories.ts';
import { setUpPrivateModeAsBrowser } from './support/private-mode-setup.ts';

/*
 * Thank-you notes sealed in the recipient's browser to the author's public key (ADR 102), through the real app on a
 * real database: the recipient is given the author's key, the note is stored as sealed (no plaintext, nothing the
 * server's keys open), only the author's private half opens it, and the spec's limits and notification still apply.
 * The plain path of authors without a key pair is sharing.test.ts's.
 */

const NOTE = 'Thank you for the morning on the harbour wall.';

describe('sealed thank-you notes', () => {
  const ctx = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });

  // Each request from its own client address, so the per-route limits (tested on their own) never interfere.
  const get = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: clientAddress() });
  const post = (url: string, cookie: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload, remoteAddress: clientAddress() });

  /** Private mode set up through the API as the person's browser does it (ADR 089); its keys. */
  const setUpPrivateMode = (person: { cookie: string; user: { id: string; password: string } }) =>
    setUpPrivateModeAsBrowser(ctx, person, 'otters hold hands while they sleep');

  /** An author who has signed in since ADR 102 (a standard pair), a recipient, and an active share between them. */
  async function sharedByAuthorWithPair(options: { isPrivate?: boolean } = {}) {
    const author = await premiumUser(ctx, { fullName: 'Grace Hopper' });
    const recipient = await createSignedInUser(ctx, { fullName: 'Alan Turing' });
    const entry = await writeEntry(ctx, author.cookie, author.user.id, 'The gulls over the harbour.');
    const created = await shareEntry(ctx, author.cookie, entry.id, [recipient.user.email]);
    expect(created.statusCode, created.body).toBe(201);
    const pair = await generateKeyPair();
    let body: object;
    if (options.isPrivate) {
      const keys = await setUpPrivateMode(author);
      const wrapKey = await deriveKeyPairWrapKeyV2(await importAccountKey(keys.accountKey));
      body = {
        publicKey: pair.publicKey,
        wrappedPrivateKey: await wrapPrivateKey(wrapKey, pair.privateKey, 2, author.user.id),
        wrapKind: 2,
        keyProof: keys.keyProof,
      };
    } else {
      const standardKey = await ctx.app.services.encryption.keyFor(author.user.id);
      body = {
        publicKey: pair.publicKey,
        wrappedPrivateKey: await wrapPrivateKey(standardKey, pair.privateKey, 1, author.user.id),
        wrapKind: 1,
      };
    }
    const made = await post('/api/me/key-pair', author.cookie, body);
    expect(made.statusCode, made.body).toBe(201);
    return { author, recipient, pair, shareId: created.json().shares[0].id as string };
  }

  const storedNote = async (id: string) =>
    (await ctx.database.db.select().from(shareThankYouNotes).where(eq(shareThankYouNotes.id, id)))[0];

  it('gives the recipient alone the author’s public key, and null for an author without a pair', async () => {
    const { author, recipient, pair, shareId } = await sharedByAuthorWithPair();
    const stranger = await createSignedInUser(ctx);
    const url = `/api/shares/${shareId}/thank-you-key`;
    expect((await get(url, recipient.cookie)).json()).toEqual({ publicKey: pair.publicKey });
    // The author, and anyone else, is not this share's recipient: nothing leaks.
    for (const other of [author, stranger]) {
      const answer = await get(url, other.cookie);
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain(pair.publicKey);
    }

    const plainAuthor = await premiumUser(ctx);
    const entry = await writeEntry(ctx, plainAuthor.cookie, plainAuthor.user.id, 'No key pair here yet.');
    const created = await shareEntry(ctx, plainAuthor.cookie, entry.id, [recipient.user.email]);
    const other = created.json().shares[0].id;
    expect((await get(`/api/shares/${other}/thank-you-key`, recipient.cookie)).json()).toEqual({
      publicKey: null,
    });
  });

  it('stores a sealed note as it came: no plaintext, nothing the server’s keys open, only the author’s pair', async () => {
    const { author, recipient, pair, shareId } = await sharedByAuthorWithPair();
    const sealed = await sealTextToPublicKey(pair.publicKey, NOTE, thankYouSealContext(shareId));
    const sent = await post(`/api/shares/${shareId}/thank-you`, recipient.cookie, { sealedMessage: sealed });
    expect(sent.statusCode, sent.body).toBe(201);
    const noteId = sent.json().id as string;

    const stored = await storedNote(noteId);
    expect(stored).toMatchObject({
      encryptedMessage: sealed,
      metadata: { format: 'sealed', sealed_version: 1 },
    });
    expect(JSON.stringify(stored)).not.toContain('harbour wall');
    // The server's key for the author (derived from ENCRYPTION_SECRET) opens nothing of it, whatever IV it tries.
    const serverKey = await ctx.app.services.encryption.keyFor(author.user.id);
    const bytes = Buffer.from(sealed, 'base64');
    await expect(
      decryptText(serverKey, {
        ciphertext: bytes.subarray(78).toString('base64'),
        iv: bytes.subarray(66, 78).toString('base64'),
      }),
    ).rejects.toThrow();
    // Another pair (anyone else's) does not open it either.
    const other = await generateKeyPair();
    await expect(
      openSealedText(other.privateKey, pair.publicKey, sealed, thankYouSealContext(shareId)),
    ).rejects.toMatchObject({ code: 'SEALED_UNOPENABLE' });

    // The author is told, and the author's browser opens it with the private half it unwraps.
    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.user.id), eq(notifications.type, 'thank_you_received')));
    expect(notice?.metadata).toMatchObject({ thankYouId: noteId, shareId });
    const fetched = await get(`/api/thank-you-notes/${noteId}`, author.cookie);
    expect(fetched.json()).toMatchObject({ id: noteId, shareId, format: 'sealed', encryptedMessage: sealed });
    const own = (await get('/api/me/key-pair', author.cookie)).json();
    const privateKey = await unwrapPrivateKey(serverKey, own.wrappedPrivateKey, 1, author.user.id);
    expect(
      await openSealedText(
        privateKey,
        own.publicKey,
        fetched.json().encryptedMessage,
        thankYouSealContext(shareId),
      ),
    ).toBe(NOTE);
    // Moved to another share, it does not open.
    await expect(
      openSealedText(privateKey, own.publicKey, sealed, thankYouSealContext(crypto.randomUUID())),
    ).rejects.toMatchObject({ code: 'SEALED_UNOPENABLE' });
    expect((await get(`/api/thank-you-notes/${noteId}`, recipient.cookie)).statusCode).toBe(404);
  });

  it('to a private-mode author: sealed to a pair whose private half the server holds only under the account key', async () => {
    const { author, recipient, pair, shareId } = await sharedByAuthorWithPair({ isPrivate: true });
    const sealed = await sealTextToPublicKey(pair.publicKey, NOTE, thankYouSealContext(shareId));
    const sent = await post(`/api/shares/${shareId}/thank-you`, recipient.cookie, { sealedMessage: sealed });
    expect(sent.statusCode, sent.body).toBe(201);
    const [row] = await ctx.database.db.select().from(keyPairs).where(eq(keyPairs.userId, author.user.id));
    await expect(
      unwrapPrivateKey(
        await ctx.app.services.encryption.keyFor(author.user.id),
        row?.wrappedPrivateKey ?? '',
        2,
        author.user.id,
      ),
    ).rejects.toMatchObject({ code: 'PRIVATE_KEY_UNOPENABLE' });
    expect(await openSealedText(pair.privateKey, pair.publicKey, sealed, thankYouSealContext(shareId))).toBe(
      NOTE,
    );
  });

  it('seals the notes the server kept to the pair once it is under the account key, and only then', async () => {
    // Notes sent before the author had a pair: the server encrypts them with the standard key (sharing.test.ts).
    const author = await premiumUser(ctx, { fullName: 'Grace Hopper' });
    const recipient = await createSignedInUser(ctx, { fullName: 'Alan Turing' });
    const entry = await writeEntry(ctx, author.cookie, author.user.id, 'The gulls over the harbour.');
    const created = await shareEntry(ctx, author.cookie, entry.id, [recipient.user.email]);
    const shareId = created.json().shares[0].id as string;
    const sent = await post(`/api/shares/${shareId}/thank-you`, recipient.cookie, { message: NOTE });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await storedNote(sent.json().id))?.metadata).not.toMatchObject({ format: 'sealed' });

    // A standard pair leaves them as they are: the server can open that pair anyway.
    const pair = await generateKeyPair();
    const standardKey = await ctx.app.services.encryption.keyFor(author.user.id);
    const standardPair = {
      publicKey: pair.publicKey,
      wrappedPrivateKey: await wrapPrivateKey(standardKey, pair.privateKey, 1, author.user.id),
      wrapKind: 1,
    };
    expect((await post('/api/me/key-pair', author.cookie, standardPair)).statusCode).toBe(201);
    expect((await storedNote(sent.json().id))?.metadata).not.toMatchObject({ format: 'sealed' });

    // Private mode on: the same pair rewrapped under the account key, and the kept note sealed to it with it.
    const keys = await setUpPrivateMode(author);
    const wrapKey = await deriveKeyPairWrapKeyV2(await importAccountKey(keys.accountKey));
    const rewrapped = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/key-pair/wrap',
      headers: { cookie: author.cookie },
      remoteAddress: clientAddress(),
      payload: {
        publicKey: pair.publicKey,
        wrappedPrivateKey: await wrapPrivateKey(wrapKey, pair.privateKey, 2, author.user.id),
        wrapKind: 2,
        keyProof: keys.keyProof,
      },
    });
    expect(rewrapped.statusCode, rewrapped.body).toBe(200);
    const stored = await storedNote(sent.json().id);
    expect(stored?.metadata).toEqual({ format: 'sealed', sealed_version: 1 });
    expect(stored?.encryptedMessage).not.toContain('harbour');
    await expect(
      decryptText(standardKey, { ciphertext: stored?.encryptedMessage ?? '', iv: 'AAAAAAAAAAAAAAAA' }),
    ).rejects.toThrow();
    expect(
      await openSealedText(
        pair.privateKey,
        pair.publicKey,
        stored?.encryptedMessage ?? '',
        thankYouSealContext(shareId),
      ),
    ).toBe(NOTE);
    expect((await get(`/api/thank-you-notes/${stored?.id}`, author.cookie)).json().format).toBe('sealed');
  });

  it('bounds a sealed note to what 1 to 500 characters seal to, and refuses one for a pair that is gone', async () => {
    const { author, recipient, pair, shareId } = await sharedByAuthorWithPair();
    const url = `/api/shares/${shareId}/thank-you`;
    const tooLong = await sealTextToPublicKey(
      pair.publicKey,
      '€'.repeat(SHARE_LIMITS.thankYouMaxChars * 2),
      'x',
    );
    expect((await post(url, recipient.cookie, { sealedMessage: tooLong })).statusCode).toBe(400);
    expect((await post(url, recipient.cookie, { sealedMessage: 'AAAA' })).statusCode).toBe(400);
    expect((await post(url, recipient.cookie, { sealedMessage: `${'A'.repeat(200)}!` })).statusCode).toBe(
      400,
    );
    // Five hundred of the widest characters still fit.
    const widest = await sealTextToPublicKey(pair.publicKey, '€'.repeat(SHARE_LIMITS.thankYouMaxChars), 'x');
    expect((await post(url, recipient.cookie, { sealedMessage: widest })).statusCode).toBe(201);

    await ctx.database.db.delete(keyPairs).where(eq(keyPairs.userId, author.user.id));
    const gone = await post(url, recipient.cookie, {
      sealedMessage: await sealTextToPublicKey(pair.publicKey, NOTE, thankYouSealContext(shareId)),
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(SHARE_SEALING_MESSAGES.thankYouKeyGone);
  });

  it('moderates a plain note to an author with a pair, then seals it to the pair rather than its own key', async () => {
    const { author, recipient, pair, shareId } = await sharedByAuthorWithPair();
    const url = `/api/shares/${shareId}/thank-you`;
    const medium = await post(url, recipient.cookie, { message: "You're pathetic and everyone hates you" });
    expect(medium.json().message).toBe(SHARE_MESSAGES.thankYouMedium);
    const sent = await post(url, recipient.cookie, { message: `  ${NOTE}  ` });
    expect(sent.statusCode, sent.body).toBe(201);
    const stored = await storedNote(sent.json().id);
    expect(stored?.metadata).toMatchObject({ format: 'sealed' });
    expect(stored?.encryptedMessage).not.toContain('harbour');
    expect(
      await openSealedText(
        pair.privateKey,
        pair.publicKey,
        stored?.encryptedMessage ?? '',
        thankYouSealContext(shareId),
      ),
    ).toBe(NOTE);
    expect((await get(`/api/thank-you-notes/${stored?.id}`, author.cookie)).json().format).toBe('sealed');
  });

  it('counts sealed notes against the daily limit as plain ones', async () => {
    const { recipient, pair, shareId } = await sharedByAuthorWithPair();
    const url = `/api/shares/${shareId}/thank-you`;
    const max = SENDING_LIMITS.daily.thankYouNotes;
    const sealed = await sealTextToPublicKey(pair.publicKey, NOTE, thankYouSealContext(shareId));
    for (let i = 0; i < max; i++)
      expect((await post(url, recipient.cookie, { sealedMessage: sealed })).statusCode).toBe(201);
    const refused = await post(url, recipient.cookie, { sealedMessage: sealed });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: SENDING_MESSAGES.daily.thankYouNotes(max),
    });
  });
});
