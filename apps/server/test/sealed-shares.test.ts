import { buffer } from 'node:stream/consumers';
import {
  fromBase64,
  openMediaInBrowser,
  openShareCopy,
  type ReceivedSharePage,
  SHARE_MESSAGES,
  type ShareView,
  sealToPublicKey,
  shareKeyContext,
  shareMediaKey,
} from '@daybook/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, shareCopies, sharedEntries, shareKeyWraps } from '../src/db/schema/index.ts';
import { createLocalStorage } from '../src/infra/storage/local.ts';
import {
  callAs,
  openShareKey,
  type PrivatePerson,
  privatePerson,
  shareSealed,
  writePrivateEntry,
} from './sealed-share-support.ts';
import { jobOf, useTestApp } from './support/app.ts';
import { uniqueEmail } from './support/factories.ts';
import { expectOpensNothing, png } from './support/media.ts';

/*
 * ADR 103: a private entry shared end to end. Two private-mode accounts share an entry with its photo; the recipient's
 * "browser" opens it with its own key pair; the operator, holding ENCRYPTION_SECRET and every row and file the share
 * left, reads none of it. A private link opens with its fragment's key and with nothing else; "E-mail it" hands its
 * key to the server, as the dialog says; a recipient who signs up later gets the key from the sender's browser.
 */

const ctx = useTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

async function tablesText(): Promise<string> {
  const tables = await ctx.database.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  let dump = '';
  for (const { table_name } of tables)
    dump += JSON.stringify(await ctx.database.query(`select * from "${table_name}"`));
  return dump;
}

/** The recipient's browser: the in-app view, the key unwrapped with its own pair, the copy and the media opened. */
async function openInApp(recipient: PrivatePerson, shareId: string) {
  const response = await callAs(ctx, recipient, { method: 'GET', url: `/api/shares/${shareId}/view` });
  expect(response.statusCode, response.body).toBe(200);
  const view = response.json() as ShareView;
  expect(view.entry).toBeNull();
  expect(view.sealed?.wrappedKey).toBeTruthy();
  const key = await openShareKey(recipient.pair, shareId, view.sealed!.wrappedKey!);
  const copy = await openShareCopy(key, shareId, view.sealed!.copy);
  let media: Buffer | null = null;
  if (view.sealed?.media) {
    const file = await callAs(ctx, null, { method: 'GET', url: path(view.sealed.media.url) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    const opened = await openMediaInBrowser(new Uint8Array(file.rawPayload), await shareMediaKey(key));
    media = Buffer.from(await opened.arrayBuffer());
  }
  return { view, copy, media };
}

describe('a private entry shared between two private-mode accounts (ADR 103)', () => {
  it('reaches the recipient whole and leaves the server nothing it can read, even with ENCRYPTION_SECRET', async () => {
    const alice = await privatePerson(ctx);
    const bob = await privatePerson(ctx, { isFree: true });
    const phrase = 'the-heron-stood-in-the-millrace-7781';
    const notePhrase = 'a note for bob';
    const photo = await png(48, 32, '#aa3355');
    const entry = await writePrivateEntry(ctx, alice, phrase, 'Peaceful', photo);
    const [share] = await shareSealed(
      ctx,
      alice,
      entry.id,
      [{ email: bob.user.email, sealing: 'account' }],
      { text: phrase, moodTag: 'Peaceful' },
      { photo, note: notePhrase },
    );
    expect(share?.sealing).toBe('account');
    expect(share?.recipientRegistered).toBe(true);

    // Bob's bell lists it without a preview; his browser reads the preview from the copy.
    const bell = await callAs(ctx, bob, { method: 'GET', url: '/api/shares/received' });
    const item = (bell.json() as ReceivedSharePage).items.find((i) => i.id === share!.id)!;
    expect(item.preview).toBe('');
    expect(item.moodTag).toBeNull();
    const bellKey = await openShareKey(bob.pair, share!.id, item.sealed!.wrappedKey!);
    expect((await openShareCopy(bellKey, share!.id, item.sealed!.copy)).text).toBe(phrase);

    const opened = await openInApp(bob, share!.id);
    expect(opened.copy).toEqual({ text: phrase, moodTag: 'Peaceful' });
    expect(opened.media?.equals(photo)).toBe(true);
    expect(opened.view.note).toBe(notePhrase);
    expect(opened.view.canRespond).toBe(true);

    // The operator's view: no table holds the phrase or the mood, and the stored copy of the photo opens nothing.
    const dump = await tablesText();
    expect(dump).not.toContain(phrase);
    const [copyRow] = await ctx.database.db
      .select()
      .from(shareCopies)
      .where(eq(shareCopies.shareId, share!.id));
    expect(copyRow?.mediaPath).toBe(`${alice.user.id}/shares/${share!.id}.bin`);
    expect(copyRow?.serverKey).toBeNull();
    const root = (ctx.config.storage as { root: string }).root;
    const stored = await createLocalStorage({ root }).read(copyRow!.mediaPath!);
    const bytes = await buffer(stored!.stream);
    await expectOpensNothing(bytes, 'the shared photo');
    expect(bytes.includes(photo.subarray(16, 48))).toBe(false);
    // The server's own reading of the file (ENCRYPTION_SECRET's media key) does not open it either.
    expect(await ctx.app.services.media.openFile(copyRow!.mediaPath!, 'image')).toBeNull();

    // Someone else cannot open it: not Alice's other contacts, not Bob's key for another share.
    const carol = await privatePerson(ctx, { isFree: true });
    const theirs = await callAs(ctx, carol, { method: 'GET', url: `/api/shares/${share!.id}/view` });
    expect(theirs.statusCode).toBe(404);
    await expect(
      openShareKey(bob.pair, crypto.randomUUID(), opened.view.sealed!.wrappedKey!),
    ).rejects.toThrow();

    // Revoke: the wrapped key, the copy and its file go.
    const revoked = await callAs(ctx, alice, { method: 'POST', url: `/api/shares/${share!.id}/revoke` });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(
      await ctx.database.db.select().from(shareKeyWraps).where(eq(shareKeyWraps.shareId, share!.id)),
    ).toEqual([]);
    expect(
      await ctx.database.db.select().from(shareCopies).where(eq(shareCopies.shareId, share!.id)),
    ).toEqual([]);
    expect(await createLocalStorage({ root }).exists(copyRow!.mediaPath!)).toBe(false);
    const after = await callAs(ctx, bob, { method: 'GET', url: `/api/shares/${share!.id}/view` });
    expect((after.json() as ShareView).status).toBe('revoked');
    expect((after.json() as ShareView).sealed).toBeUndefined();
  });

  it('a private link opens with the key in its fragment, and answers ciphertext alone to the server', async () => {
    const alice = await privatePerson(ctx);
    const phrase = 'the-ferryman-counts-in-danish-2204';
    const entry = await writePrivateEntry(ctx, alice, phrase, 'Grateful');
    const stranger = uniqueEmail();
    const [share] = await shareSealed(ctx, alice, entry.id, [{ email: stranger, sealing: 'link' }], {
      text: phrase,
      moodTag: 'Grateful',
    });
    expect(share?.link).toMatch(/\/share\/[A-Za-z0-9_-]{22}$/);
    // The sender sends a private link: the server e-mails nothing for it.
    const mails = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, stranger));
    expect(mails).toEqual([]);
    // Nor resends one: an e-mailed link would come without the key.
    const resend = await callAs(ctx, alice, { method: 'POST', url: `/api/shares/${share!.id}/resend` });
    expect(resend.statusCode).toBe(409);

    const token = share!.link!.split('/share/')[1]!;
    const view = await callAs(ctx, null, { method: 'GET', url: `/api/share-links/${token}` });
    expect(view.statusCode).toBe(200);
    const body = view.json() as ShareView;
    expect(body.entry).toBeNull();
    expect(body.sealed).toMatchObject({ sealing: 'link', wrappedKey: null, key: null });
    expect(JSON.stringify(body)).not.toContain(phrase);
    expect(await openShareCopy(share!.key, share!.id, body.sealed!.copy)).toEqual({
      text: phrase,
      moodTag: 'Grateful',
    });

    // The stranger signs up and makes a key pair: Alice's browser wraps the key for them at its next session.
    const late = await privatePerson(ctx, { isFree: true, email: stranger });
    const before = await callAs(ctx, late, { method: 'GET', url: `/api/shares/${share!.id}/view` });
    expect((before.json() as ShareView).sealed?.wrappedKey).toBeNull();
    const awaiting = await callAs(ctx, alice, { method: 'GET', url: '/api/shares/awaiting-wrap' });
    const pending = awaiting.json().items as {
      shareId: string;
      keyForSender: string;
      recipientPublicKey: string;
    }[];
    expect(pending.map((p) => p.shareId)).toEqual([share!.id]);
    expect(pending[0]?.recipientPublicKey).toBe(late.pair.publicKey);
    const key = await openShareKey(alice.pair, share!.id, pending[0]!.keyForSender);
    const wrapped = await sealToPublicKey(pending[0]!.recipientPublicKey, key, shareKeyContext(share!.id));
    // Nobody but the sender wraps for a share.
    const intruder = await callAs(ctx, late, {
      method: 'POST',
      url: `/api/shares/${share!.id}/recipient-wrap`,
      payload: { wrappedKey: wrapped },
    });
    expect(intruder.statusCode).toBe(404);
    const stored = await callAs(ctx, alice, {
      method: 'POST',
      url: `/api/shares/${share!.id}/recipient-wrap`,
      payload: { wrappedKey: wrapped },
    });
    expect(stored.statusCode, stored.body).toBe(204);
    expect(
      (await callAs(ctx, alice, { method: 'GET', url: '/api/shares/awaiting-wrap' })).json().items,
    ).toEqual([]);
    expect((await openInApp(late, share!.id)).copy.text).toBe(phrase);

    // Revoked, the link answers the revoked share and nothing to open.
    await callAs(ctx, alice, { method: 'POST', url: `/api/shares/${share!.id}/revoke` });
    const gone = (
      await callAs(ctx, null, { method: 'GET', url: `/api/share-links/${token}` })
    ).json() as ShareView;
    expect(gone.status).toBe('revoked');
    expect(gone.sealed).toBeUndefined();
    expect(
      await ctx.database.db
        .select()
        .from(shareKeyWraps)
        .where(inArray(shareKeyWraps.shareId, [share!.id])),
    ).toEqual([]);
  });

  it('"E-mail it" gives the server this one copy\'s key, and the e-mailed link opens without a fragment', async () => {
    const alice = await privatePerson(ctx);
    const phrase = 'the-bell-of-saint-ives-rang-once-5530';
    const entry = await writePrivateEntry(ctx, alice, phrase, 'Celebrating');
    const stranger = uniqueEmail();
    const [share] = await shareSealed(ctx, alice, entry.id, [{ email: stranger, sealing: 'server' }], {
      text: phrase,
      moodTag: 'Celebrating',
    });
    expect(share?.link).toBeUndefined();
    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, stranger));
    const token = /\/share\/([A-Za-z0-9_-]{22})/.exec(JSON.stringify(mail))?.[1];
    expect(token).toBeTruthy();
    const body = (
      await callAs(ctx, null, { method: 'GET', url: `/api/share-links/${token}` })
    ).json() as ShareView;
    expect(body.sealed?.sealing).toBe('server');
    const key = fromBase64(body.sealed!.key!);
    expect((await openShareCopy(key, share!.id, body.sealed!.copy)).text).toBe(phrase);
  });

  it('an expired sealed share keeps no copy, no wrapped key and no media file', async () => {
    const alice = await privatePerson(ctx);
    const bob = await privatePerson(ctx, { isFree: true });
    const photo = await png(24, 24, '#335577');
    const entry = await writePrivateEntry(ctx, alice, 'for a month only', 'Grateful', photo);
    const [share] = await shareSealed(
      ctx,
      alice,
      entry.id,
      [{ email: bob.user.email, sealing: 'account' }],
      { text: 'for a month only', moodTag: 'Grateful' },
      { photo },
    );
    const [copy] = await ctx.database.db.select().from(shareCopies).where(eq(shareCopies.shareId, share!.id));
    const root = (ctx.config.storage as { root: string }).root;
    expect(await createLocalStorage({ root }).exists(copy!.mediaPath!)).toBe(true);
    // Its 30 days are over (the clock is left alone: the sessions would end with it).
    await ctx.database.db
      .update(sharedEntries)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1000) })
      .where(eq(sharedEntries.id, share!.id));
    await jobOf(ctx, 'expire-shares').run();
    expect(
      await ctx.database.db.select().from(shareCopies).where(eq(shareCopies.shareId, share!.id)),
    ).toEqual([]);
    expect(
      await ctx.database.db.select().from(shareKeyWraps).where(eq(shareKeyWraps.shareId, share!.id)),
    ).toEqual([]);
    expect(await createLocalStorage({ root }).exists(copy!.mediaPath!)).toBe(false);
    const view = (await callAs(ctx, bob, { method: 'GET', url: `/api/shares/${share!.id}/view` })).json();
    expect(view).toMatchObject({ status: 'expired' });
    expect(view.sealed).toBeUndefined();
  });

  it('refuses what is not a sealed share of the sender', async () => {
    const alice = await privatePerson(ctx);
    const bob = await privatePerson(ctx, { isFree: true });
    const entry = await writePrivateEntry(ctx, alice, 'kept to myself', 'Peaceful');
    // Unsealed, a private entry is not shared.
    const plain = await callAs(ctx, alice, {
      method: 'POST',
      url: `/api/entries/${entry.id}/shares`,
      payload: { recipients: [{ email: bob.user.email }], consent: true },
    });
    expect(plain.statusCode).toBe(409);
    // An account share needs the recipient's key.
    const stranger = uniqueEmail();
    const noKey = await callAs(ctx, alice, {
      method: 'POST',
      url: `/api/entries/${entry.id}/shares`,
      payload: {
        recipients: [{ email: stranger }],
        consent: true,
        sealed: [
          {
            shareId: crypto.randomUUID(),
            email: stranger,
            sealing: 'account',
            copy: 'AAAA',
            keyForSender: 'AAAA',
            keyForRecipient: 'AAAA',
          },
        ],
      },
    });
    expect(noKey.statusCode, noKey.body).toBe(400);
    // Bob may not ask for keys for Alice's entry, nor upload media for her share.
    const keys = await callAs(ctx, bob, {
      method: 'POST',
      url: `/api/entries/${entry.id}/share-recipients`,
      payload: { recipients: [{ email: alice.user.email }] },
    });
    expect(keys.statusCode).toBe(404);
    const [share] = await shareSealed(ctx, alice, entry.id, [{ email: bob.user.email, sealing: 'account' }], {
      text: 'kept to myself',
      moodTag: 'Peaceful',
    });
    const fileBody =
      '--x\r\nContent-Disposition: form-data; name="file"; filename="f.bin"\r\n\r\nabc\r\n--x--\r\n';
    const media = await callAs(ctx, bob, {
      method: 'PUT',
      url: `/api/shares/${share!.id}/sealed-media`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: fileBody,
    });
    expect(media.statusCode).toBe(404);
    // The entry has no media: none is taken for its share.
    const none = await callAs(ctx, alice, {
      method: 'PUT',
      url: `/api/shares/${share!.id}/sealed-media`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: fileBody,
    });
    expect(none.statusCode).toBe(409);
    expect(SHARE_MESSAGES.mediaUnavailable).toBe(none.json().message);
  });
});
