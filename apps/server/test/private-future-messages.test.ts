import {
  decryptText,
  deriveEntryKey,
  deriveFutureMessageKeyV2,
  type EntryKey,
  encryptText,
  FUTURE_MESSAGE_MESSAGES,
  importAccountKey,
  openFutureMessageFieldV2,
  PRIVATE_MODE_MESSAGES,
  sealFutureMessageFieldV2,
} from '@daybook/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, futureMessages, notifications } from '../src/db/schema/index.ts';
import { createEntryKeys } from '../src/infra/crypto/entry-keys.ts';
import { deliverDueMail } from '../src/infra/mail/outbox.ts';
import { FUTURE_MESSAGE_NOTICE } from '../src/infra/mail/templates.ts';
import { createMailTransport } from '../src/infra/mail/transport.ts';
import { FUTURE_MESSAGE_NOTIFICATION_TITLE } from '../src/modules/future-messages/service.ts';
import { useTestApp } from './support/app.ts';
import { clientAddress, createSignedInUser, setPlan } from './support/factories.ts';
import { browserKeySetUp } from './support/private-keys.ts';
import { setUpPrivateModeAsBrowser } from './support/private-mode-setup.ts';
import { startSmtpServer } from './support/smtp.ts';

/*
 * Letters to the future self in private mode (ADR 098), through the real app on a real database, delivered over a
 * real SMTP listener. The browser's part is the shared code the web runs: the letter key derived from the account
 * key, subject and message sealed with their field and account as associated data, and, only when the writer
 * ticked "Include the message in the e-mail", a version-1 copy the server can read.
 */

const MINUTE = 60_000;
const PASSPHRASE = 'lanterns drift over the slow canal';
type Person = Awaited<ReturnType<typeof createSignedInUser>>;
type Part = { encryptedContent: string; encryptionIv: string };

describe('private letters to the future self', () => {
  const lines: string[] = [];
  const ctx = useTestApp(
    { RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'trace' },
    { logStream: { write: (line: string) => lines.push(line) } },
  );
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let transport: ReturnType<typeof createMailTransport>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    transport = createMailTransport({
      mail: {
        from: 'Daybook <no-reply@daybook.test>',
        smtpUrl: smtp.url,
        mailDir: '',
        contactEmail: undefined,
      },
    });
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
  });

  const call = (person: Person, options: InjectOptions) =>
    ctx.app.inject({
      remoteAddress: clientAddress(),
      ...options,
      headers: { cookie: person.cookie, ...options.headers },
    });

  const aheadBy = (ms: number) => new Date(ctx.clock.now().getTime() + ms).toISOString();

  /** The version-1 sealer of a browser: the key from the user id and the server's salt. */
  async function v1Sealer(person: Person) {
    const { salt } = (await call(person, { method: 'GET', url: '/api/encryption/salt' })).json();
    const key = await deriveEntryKey(person.user.id, salt);
    return {
      key,
      seal: async (text: string): Promise<Part> => {
        const sealed = await encryptText(key, text);
        return { encryptedContent: sealed.ciphertext, encryptionIv: sealed.iv };
      },
    };
  }

  /** A Premium person in private mode, and the letter key their browser derives once unlocked. */
  async function privatePerson(): Promise<{ person: Person; key: EntryKey; accountKeyBase64: string }> {
    const person = await createSignedInUser(ctx);
    await setPlan(ctx, person.user.id, 'premium');
    const keys = await setUpPrivateModeAsBrowser(ctx, person, PASSPHRASE);
    const key = await deriveFutureMessageKeyV2(await importAccountKey(keys.accountKey));
    return { person, key, accountKeyBase64: keys.accountKeyBase64 };
  }

  async function sealV2(key: EntryKey, userId: string, subject: string, message: string) {
    const [s, m] = await Promise.all([
      sealFutureMessageFieldV2(key, userId, 'subject', subject),
      sealFutureMessageFieldV2(key, userId, 'message', message),
    ]);
    return {
      subject: { encryptedContent: s.ciphertext, encryptionIv: s.iv },
      message: { encryptedContent: m.ciphertext, encryptionIv: m.iv },
    };
  }

  const open = (key: EntryKey, userId: string, field: 'subject' | 'message', part: Part) =>
    openFutureMessageFieldV2(key, userId, field, {
      ciphertext: part.encryptedContent,
      iv: part.encryptionIv,
    });

  /** What the browser sends for a private letter; with `inEmail`, the ticked copy for the e-mail too. */
  async function privateLetter(
    owner: { person: Person; key: EntryKey },
    text: { subject: string; message: string },
    options: { channel?: 'email' | 'in-app' | 'both'; inEmail?: boolean; sendAt?: string } = {},
  ) {
    const userId = owner.person.user.id;
    const payload: Record<string, unknown> = {
      ...(await sealV2(owner.key, userId, text.subject, text.message)),
      sendAt: options.sendAt ?? aheadBy(10 * MINUTE),
      deliveryChannel: options.channel ?? 'both',
      encryptionVersion: 2,
    };
    if (options.inEmail) {
      const { seal } = await v1Sealer(owner.person);
      payload.emailCopy = { subject: await seal(text.subject), message: await seal(text.message) };
    }
    return payload;
  }

  const schedule = (person: Person, payload: Record<string, unknown>) =>
    call(person, { method: 'POST', url: '/api/future-messages', payload });

  const rowOf = async (id: string) =>
    (await ctx.database.db.select().from(futureMessages).where(eq(futureMessages.id, id)))[0]!;

  /**
   * Runs the outbox until it is empty and returns the letters' e-mails the SMTP listener received for the address
   * (setting up private mode sends its own security e-mail, ADR 089).
   */
  async function flushOutbox(address: string) {
    while ((await deliverDueMail(ctx.database.db, transport, ctx.clock, 100)).sent > 0);
    return smtp.received.filter(
      (mail) =>
        mail.subject?.startsWith('A message from your past self') &&
        mail.to &&
        'text' in mail.to &&
        mail.to.text === address,
    );
  }

  it('stores a private letter as it came, delivers ciphertext in the app, and e-mails a notice with no content', async () => {
    const owner = await privatePerson();
    const { person, key } = owner;
    const userId = person.user.id;
    const created = await schedule(
      person,
      await privateLetter(owner, { subject: 'About the orchard', message: 'Did the quince ever fruit?' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const letter = created.json();
    expect(letter).toMatchObject({ encryptionVersion: 2, hasEmailCopy: false, status: 'pending' });
    const row = await rowOf(letter.id);
    expect(row).toMatchObject({ encryptionVersion: 2, title: null, content: null });
    expect(Object.keys(row.metadata).sort()).toEqual([
      'encrypted_title',
      'encryption_iv',
      'title_encryption_iv',
    ]);

    // Another account's session learns nothing of it and cannot touch it.
    const intruder = await privatePerson();
    for (const [method, url] of [
      ['GET', `/api/future-messages/${letter.id}`],
      ['POST', `/api/future-messages/${letter.id}/cancel`],
    ] as const)
      expect((await call(intruder.person, { method, url })).statusCode, `${method} ${url}`).toBe(404);
    const theirs = (await call(intruder.person, { method: 'GET', url: '/api/future-messages' })).json();
    expect(theirs.total).toBe(0);
    ctx.clock.advance(10 * MINUTE);
    expect(await ctx.app.services.futureMessages.deliverDue({ userId })).toMatchObject({
      sent: 1,
      failed: 0,
    });

    // In the app: the neutral notification, and the letter as ciphertext that only the account key opens.
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'future_email')));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: FUTURE_MESSAGE_NOTIFICATION_TITLE,
      message: '',
      metadata: { futureMessageId: letter.id },
    });
    const delivered = (
      await call(person, { method: 'GET', url: `/api/future-messages/${letter.id}` })
    ).json();
    expect(delivered).toMatchObject({ status: 'sent', encryptionVersion: 2 });
    expect(delivered.encryptedContent).not.toContain('quince');
    const bodyPart = { encryptedContent: delivered.encryptedContent, encryptionIv: delivered.encryptionIv };
    const subjectPart = {
      encryptedContent: delivered.encryptedTitle,
      encryptionIv: delivered.titleEncryptionIv,
    };
    expect(await open(key, userId, 'message', bodyPart)).toBe('Did the quince ever fruit?');
    expect(await open(key, userId, 'subject', subjectPart)).toBe('About the orchard');

    // By e-mail: the notice, its one link to the app, nothing of the letter.
    const [mail, ...more] = await flushOutbox(person.user.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(FUTURE_MESSAGE_NOTICE.subject);
    expect(mail!.text).toContain(FUTURE_MESSAGE_NOTICE.subject);
    expect(mail!.text).toContain(FUTURE_MESSAGE_NOTICE.footnote);
    for (const content of [mail!.text, String(mail!.html), mail!.subject]) {
      expect(content).not.toContain('quince');
      expect(content).not.toContain('orchard');
      expect(content).not.toContain(delivered.encryptedContent);
    }
    const links = [...String(mail!.html).matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(links)).toEqual(new Set([`${ctx.config.appUrl}/me-ahead`]));
  });

  it('puts the text in the e-mail only when ticked, and drops the readable copy once the e-mail is queued or the letter cancelled', async () => {
    const owner = await privatePerson();
    const { person } = owner;
    const text = { subject: 'Tulips', message: 'Line one\nDid you plant the tulips by the gate?' };
    const ticked = (
      await schedule(person, await privateLetter(owner, text, { channel: 'email', inEmail: true }))
    ).json();
    expect(ticked).toMatchObject({ encryptionVersion: 2, hasEmailCopy: true });
    expect((await rowOf(ticked.id)).metadata.email_copy).toBeTruthy();

    // Cancelled: the copy was for an e-mail that will not be sent.
    const toCancel = (
      await schedule(person, await privateLetter(owner, text, { channel: 'both', inEmail: true }))
    ).json();
    const cancelled = await call(person, {
      method: 'POST',
      url: `/api/future-messages/${toCancel.id}/cancel`,
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', hasEmailCopy: false });
    expect((await rowOf(toCancel.id)).metadata.email_copy).toBeUndefined();

    ctx.clock.advance(10 * MINUTE);
    await ctx.app.services.futureMessages.deliverDue({ userId: person.user.id });
    const sent = await rowOf(ticked.id);
    expect(sent.status).toBe('sent');
    expect(sent.metadata.email_copy).toBeUndefined();
    expect(sent.encryptionVersion).toBe(2);

    const [mail] = await flushOutbox(person.user.email);
    expect(mail!.subject).toBe('A message from your past self: Tulips');
    expect(mail!.text).toContain('Line one\nDid you plant the tulips by the gate?');
    expect(mail!.text).toContain("Daybook's server read this one message to send it");
  });

  it('leaves the operator holding the database, the outbox, the logs and ENCRYPTION_SECRET with no phrase of an un-ticked letter', async () => {
    const phrase = 'the-heron-keeps-forty-brass-keys-5521';
    const subjectPhrase = 'cormorant-ledger-7730';
    const owner = await privatePerson();
    const { person, accountKeyBase64 } = owner;
    const created = await schedule(
      person,
      await privateLetter(owner, { subject: `Re ${subjectPhrase}`, message: `Remember ${phrase} at noon` }),
    );
    expect(created.statusCode, created.body).toBe(201);
    ctx.clock.advance(10 * MINUTE);
    await ctx.app.services.futureMessages.deliverDue({ userId: person.user.id });

    const operatorFinds = async () => {
      const tables = await ctx.database.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
      );
      let dump = '';
      for (const { table_name } of tables)
        dump += JSON.stringify(await ctx.database.query(`select * from "${table_name}"`));
      return `${dump}\n${lines.join('\n')}`;
    };
    // The outbox row while it waits for SMTP holds the whole e-mail: it must hold nothing of the letter.
    const waiting = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, person.user.email), eq(emailOutbox.template, 'future_message')));
    expect(waiting).toHaveLength(1);
    expect(JSON.stringify(waiting)).not.toContain('heron');
    const before = await operatorFinds();
    expect(before).toContain(person.user.email);
    // The logs were captured at their most verbose, requests included.
    expect(lines.join('\n')).toContain('/api/future-messages');
    await flushOutbox(person.user.email);
    for (const seen of [before, await operatorFinds()]) {
      for (const secret of [phrase, 'heron', subjectPhrase, 'cormorant', accountKeyBase64])
        expect(seen).not.toContain(secret);
    }

    // The server's own key, from ENCRYPTION_SECRET, opens neither part.
    const serverKey = await createEntryKeys(ctx.config.encryptionSecret).keyFor(person.user.id);
    const row = await rowOf(created.json().id);
    await expect(
      decryptText(serverKey, { ciphertext: row.encryptedContent, iv: String(row.metadata.encryption_iv) }),
    ).rejects.toThrow();
    await expect(
      decryptText(serverKey, {
        ciphertext: String(row.metadata.encrypted_title),
        iv: String(row.metadata.title_encryption_iv),
      }),
    ).rejects.toThrow();
    // Nor does the future-self chat read it: the server has no key to private letters.
    const other = await schedule(person, await privateLetter(owner, { subject: 'later', message: phrase }));
    expect(other.statusCode).toBe(201);
    expect(await ctx.app.services.futureMessages.pendingReadable(person.user.id, 10)).toEqual([]);
  });

  it('refuses the mixes: a readable letter from a private account, a private one from a standard account', async () => {
    const owner = await privatePerson();
    const { seal } = await v1Sealer(owner.person);
    const plain = await schedule(owner.person, {
      subject: await seal('readable'),
      message: await seal('by the server'),
      sendAt: aheadBy(10 * MINUTE),
      deliveryChannel: 'email',
    });
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toMatchObject({
      code: 'ENCRYPTION_VERSION_REFUSED',
      message: PRIVATE_MODE_MESSAGES.futureMessageNeedsPrivateKey,
    });

    const standard = await createSignedInUser(ctx);
    await setPlan(ctx, standard.user.id, 'premium');
    const sealedPrivately = await schedule(
      standard,
      await privateLetter({ person: standard, key: owner.key }, { subject: 'x', message: 'y' }),
    );
    expect(sealedPrivately.statusCode).toBe(409);
    expect(sealedPrivately.json()).toMatchObject({
      code: 'ENCRYPTION_VERSION_REFUSED',
      message: PRIVATE_MODE_MESSAGES.futureMessageWithoutPrivateMode,
    });
    // A standard account's copy "for the e-mail" is nonsense: its letter is readable already.
    const { seal: standardSeal } = await v1Sealer(standard);
    const copyOnV1 = await schedule(standard, {
      subject: await standardSeal('a'),
      message: await standardSeal('b'),
      sendAt: aheadBy(10 * MINUTE),
      deliveryChannel: 'email',
      emailCopy: { subject: await standardSeal('a'), message: await standardSeal('b') },
    });
    expect(copyOnV1.statusCode).toBe(400);

    // What the server still checks of a letter it cannot read: the parts present, their sealed sizes, the time.
    const inAppWithCopy = await schedule(
      owner.person,
      await privateLetter(owner, { subject: 'a', message: 'b' }, { channel: 'in-app', inEmail: true }),
    );
    expect(inAppWithCopy.statusCode).toBe(400);
    const empty = await schedule(owner.person, await privateLetter(owner, { subject: '', message: 'b' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { subject: FUTURE_MESSAGE_MESSAGES.missingFields } });
    const long = await schedule(
      owner.person,
      await privateLetter(owner, { subject: 'ok', message: '€'.repeat(5001) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ fields: { message: FUTURE_MESSAGE_MESSAGES.messageTooLong } });
    const soon = await schedule(
      owner.person,
      await privateLetter(owner, { subject: 'a', message: 'b' }, { sendAt: aheadBy(MINUTE) }),
    );
    expect(soon.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: FUTURE_MESSAGE_MESSAGES.tooSoon,
    });
    // The ticked copy is the part the server reads, and it holds it to the rules.
    const { seal: ownerSeal } = await v1Sealer(owner.person);
    const longCopy = await schedule(owner.person, {
      ...(await privateLetter(owner, { subject: 'a', message: 'b' })),
      emailCopy: { subject: await ownerSeal('a'), message: await ownerSeal('m'.repeat(5001)) },
    });
    expect(longCopy.json()).toMatchObject({ fields: { message: FUTURE_MESSAGE_MESSAGES.messageTooLong } });
    const unreadableCopy = await schedule(owner.person, {
      ...(await privateLetter(owner, { subject: 'a', message: 'b' })),
      emailCopy: (await sealV2(owner.key, owner.person.user.id, 'a', 'b')) as never,
    });
    expect(unreadableCopy.json()).toMatchObject({ code: 'INVALID_CIPHERTEXT' });

    const stored = await ctx.database.db
      .select()
      .from(futureMessages)
      .where(eq(futureMessages.userId, owner.person.user.id));
    expect(stored).toEqual([]);
    // On a plan without letters the plan speaks first, whatever the sealing.
    await setPlan(ctx, owner.person.user.id, 'free');
    const free = await schedule(owner.person, await privateLetter(owner, { subject: 'a', message: 'b' }));
    expect(free.json()).toMatchObject({ code: 'FORBIDDEN', message: FUTURE_MESSAGE_MESSAGES.upgradeTooltip });
  });

  it('converts the account’s version-1 letters in place once private mode is on, the owner’s only, once', async () => {
    // Written before private mode: one pending by e-mail, one delivered, one cancelled.
    const person = await createSignedInUser(ctx);
    await setPlan(ctx, person.user.id, 'premium');
    const { key: v1Key, seal } = await v1Sealer(person);
    const write = async (subject: string, message: string, sendAt: string) => {
      const response = await schedule(person, {
        subject: await seal(subject),
        message: await seal(message),
        sendAt,
        deliveryChannel: 'email',
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string };
    };
    const delivered = await write('Early', 'already delivered', aheadBy(10 * MINUTE));
    const pending = await write('Later', 'still to come: the swifts return', aheadBy(60 * MINUTE));
    const cancelled = await write('Never', 'cancelled one', aheadBy(60 * MINUTE));
    await call(person, { method: 'POST', url: `/api/future-messages/${cancelled.id}/cancel` });
    ctx.clock.advance(10 * MINUTE);
    await ctx.app.services.futureMessages.deliverDue({ userId: person.user.id });
    await flushOutbox(person.user.email);

    // Before private mode is on, there is nothing to convert to.
    const early = await call(person, {
      method: 'PUT',
      url: `/api/future-messages/${pending.id}/private`,
      payload: { ...(await sealV2(v1Key, person.user.id, 'x', 'y')), encryptionVersion: 2 },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PRIVATE_MODE_MESSAGES.futureMessageWithoutPrivateMode);

    const keys = await browserKeySetUp(person.user.id, PASSPHRASE);
    const setUp = await call(person, {
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
    expect(setUp.statusCode).toBe(201);
    const letterKey = await deriveFutureMessageKeyV2(await importAccountKey(keys.accountKey));

    // What is left to convert, as the browser's step asks for it.
    const toConvert = (
      await call(person, { method: 'GET', url: '/api/future-messages?encryptionVersion=1&pageSize=50' })
    ).json();
    expect(toConvert.total).toBe(3);

    const intruder = await privatePerson();
    for (const item of toConvert.items) {
      const subject = await decryptText(v1Key, {
        ciphertext: item.encryptedTitle,
        iv: item.titleEncryptionIv,
      });
      const message = await decryptText(v1Key, { ciphertext: item.encryptedContent, iv: item.encryptionIv });
      // Another account's session cannot replace it, even with a well-formed body.
      const stolen = await call(intruder.person, {
        method: 'PUT',
        url: `/api/future-messages/${item.id}/private`,
        payload: {
          ...(await sealV2(intruder.key, intruder.person.user.id, 'mine', 'now')),
          encryptionVersion: 2,
        },
      });
      expect(stolen.statusCode).toBe(404);
      const converted = await call(person, {
        method: 'PUT',
        url: `/api/future-messages/${item.id}/private`,
        payload: { ...(await sealV2(letterKey, person.user.id, subject, message)), encryptionVersion: 2 },
      });
      expect(converted.statusCode, converted.body).toBe(200);
      expect(converted.json()).toMatchObject({ id: item.id, status: item.status, encryptionVersion: 2 });
    }
    expect(
      (await call(person, { method: 'GET', url: '/api/future-messages?encryptionVersion=1' })).json().total,
    ).toBe(0);

    // Once only: a second run changes nothing.
    const again = await call(person, {
      method: 'PUT',
      url: `/api/future-messages/${pending.id}/private`,
      payload: { ...(await sealV2(letterKey, person.user.id, 'replaced', 'twice')), encryptionVersion: 2 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ENCRYPTION_VERSION_REFUSED',
      message: PRIVATE_MODE_MESSAGES.futureMessageAlreadyPrivate,
    });
    expect(
      (await call(person, { method: 'PUT', url: `/api/future-messages/${pending.id}/private`, payload: {} }))
        .statusCode,
    ).toBe(400);

    const row = await rowOf(pending.id);
    expect(row).toMatchObject({ encryptionVersion: 2, status: 'pending' });
    expect(
      await open(letterKey, person.user.id, 'message', {
        encryptedContent: row.encryptedContent,
        encryptionIv: String(row.metadata.encryption_iv),
      }),
    ).toBe('still to come: the swifts return');
    expect((await rowOf(delivered.id)).status).toBe('sent');
    const serverKey = await createEntryKeys(ctx.config.encryptionSecret).keyFor(person.user.id);
    await expect(
      decryptText(serverKey, { ciphertext: row.encryptedContent, iv: String(row.metadata.encryption_iv) }),
    ).rejects.toThrow();

    // The converted letter, due by e-mail, now arrives as the notice.
    ctx.clock.advance(50 * MINUTE);
    await ctx.app.services.futureMessages.deliverDue({ userId: person.user.id });
    const received = await flushOutbox(person.user.email);
    const last = received.at(-1)!;
    expect(last.subject).toBe(FUTURE_MESSAGE_NOTICE.subject);
    expect(last.text).not.toContain('swifts');
  });

  it('removes the private letters with the key when the person starts fresh', async () => {
    const owner = await privatePerson();
    const created = await schedule(owner.person, await privateLetter(owner, { subject: 'a', message: 'b' }));
    expect(created.statusCode).toBe(201);
    const fresh = await call(owner.person, {
      method: 'POST',
      url: '/api/me/private-mode/start-fresh',
      payload: { password: owner.person.user.password },
    });
    expect(fresh.statusCode, fresh.body).toBeLessThan(300);
    expect(
      await ctx.database.db
        .select()
        .from(futureMessages)
        .where(eq(futureMessages.userId, owner.person.user.id)),
    ).toEqual([]);
  });
});
