import { describe, expect, it } from 'vitest';
import { FUTURE_MESSAGE_LIMITS, FUTURE_MESSAGE_MESSAGES } from '../constants.ts';
import { ScheduleFutureMessageInput } from '../schemas/future-messages.ts';
import { deriveEntryKeyV2, deriveFutureMessageKeyV2, importAccountKey } from './account-key.ts';
import { decryptText, deriveEntryKey, encryptText, fromBase64, toBase64 } from './crypto.ts';
import { futureMessageTextProblems } from './future-message-text.ts';
import {
  isSealedEmpty,
  openFutureMessageFieldV2,
  SEALED_FUTURE_MESSAGE_MAX_CHARS,
  sealFutureMessageFieldV2,
} from './private-future-messages.ts';
import { randomKeyBytes } from './private-keys.ts';

const USER = '5a0a3f3e-4c1b-4d7e-9a51-1f0a4f3b2c10';
const OTHER_USER = '7d9e2b1c-0f4a-4e3b-8c2d-6a5b4c3d2e1f';

const letterKey = async () => deriveFutureMessageKeyV2(await importAccountKey(randomKeyBytes()));

describe('version-2 letters to the future self', () => {
  it('seals subject and message under the letter key and opens them with it', async () => {
    const key = await letterKey();
    const message = 'Dear future me — 未来の私へ 🌱\nDid the garden grow?';
    const sealed = await sealFutureMessageFieldV2(key, USER, 'message', message);
    expect(sealed.ciphertext).not.toContain('garden');
    expect(fromBase64(sealed.iv)).toHaveLength(12);
    expect(await openFutureMessageFieldV2(key, USER, 'message', sealed)).toBe(message);
    const subject = await sealFutureMessageFieldV2(key, USER, 'subject', 'Spring');
    expect(await openFutureMessageFieldV2(key, USER, 'subject', subject)).toBe('Spring');
    // A fresh IV each time: the same text never seals to the same bytes.
    expect((await sealFutureMessageFieldV2(key, USER, 'subject', 'Spring')).ciphertext).not.toBe(
      subject.ciphertext,
    );
  });

  it('opens nothing under another account key, the entry key, the version-1 key, another account or the other field', async () => {
    const raw = randomKeyBytes();
    const key = await deriveFutureMessageKeyV2(await importAccountKey(raw));
    const sealed = await sealFutureMessageFieldV2(key, USER, 'message', 'only for me, later');
    await expect(openFutureMessageFieldV2(await letterKey(), USER, 'message', sealed)).rejects.toThrow();
    // The entries' key of the same account is another key (its own HKDF label).
    const entryKey = await deriveEntryKeyV2(await importAccountKey(raw));
    await expect(openFutureMessageFieldV2(entryKey, USER, 'message', sealed)).rejects.toThrow();
    const v1 = await deriveEntryKey(USER, toBase64(new Uint8Array(32).fill(7)));
    await expect(decryptText(v1, sealed)).rejects.toThrow();
    await expect(openFutureMessageFieldV2(key, OTHER_USER, 'message', sealed)).rejects.toThrow();
    // The message's ciphertext moved into the subject (or the other way) does not open: the field is bound.
    await expect(openFutureMessageFieldV2(key, USER, 'subject', sealed)).rejects.toThrow();
    const subject = await sealFutureMessageFieldV2(key, USER, 'subject', 'A title');
    await expect(openFutureMessageFieldV2(key, USER, 'message', subject)).rejects.toThrow();
    // Nor does a version-1 style ciphertext (no associated data) under the same key.
    await expect(
      openFutureMessageFieldV2(key, USER, 'message', await encryptText(key, 'unbound')),
    ).rejects.toThrow();
  });

  it('notices a changed byte', async () => {
    const key = await letterKey();
    const sealed = await sealFutureMessageFieldV2(key, USER, 'message', 'intact');
    const bytes = fromBase64(sealed.ciphertext);
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    await expect(
      openFutureMessageFieldV2(key, USER, 'message', { ...sealed, ciphertext: toBase64(bytes) }),
    ).rejects.toThrow();
  });

  it('opens letters sealed by this release: a change to the key or the format locks people out of them', async () => {
    // Made once with this release's code: the account key 0…31, fixed IVs, the associated data of each field.
    const raw = Uint8Array.from({ length: 32 }, (_, index) => index);
    const key = await deriveFutureMessageKeyV2(await importAccountKey(raw as Uint8Array<ArrayBuffer>));
    const subject = {
      ciphertext: 'MWc1dBvn22HZRuTx4FUph1x+gZN+VZEQcEsywA2/zfMh32Gh2l4=',
      iv: 'BwgJCgsMDQ4PEBES',
    };
    const message = {
      ciphertext: 'crR/udYq54fOiUeiiCAiKDKaLaaLiQr2LkLDmwZCpKEBJWNFZOpgiy1lP56CP64tq4MDPBIdelM=',
      iv: 'CQoLDA0ODxAREhMU',
    };
    expect(await openFutureMessageFieldV2(key, USER, 'subject', subject)).toBe('For the spring of 2031');
    expect(await openFutureMessageFieldV2(key, USER, 'message', message)).toBe(
      'Did you plant the pear tree by the wall?',
    );
    await expect(openFutureMessageFieldV2(key, USER, 'message', subject)).rejects.toThrow();
  });

  it('bounds what the server can check without reading: the longest text within the limits fits, empty is told', async () => {
    const key = await letterKey();
    // Three bytes of UTF-8 for every character: the worst case a limit's worth of text can seal to.
    const longest = '€'.repeat(FUTURE_MESSAGE_LIMITS.messageMaxChars);
    const sealed = await sealFutureMessageFieldV2(key, USER, 'message', longest);
    expect(sealed.ciphertext.length).toBeLessThanOrEqual(SEALED_FUTURE_MESSAGE_MAX_CHARS.message);
    const oneMore = await sealFutureMessageFieldV2(key, USER, 'message', `${longest}€`);
    expect(oneMore.ciphertext.length).toBeGreaterThan(SEALED_FUTURE_MESSAGE_MAX_CHARS.message);
    const subject = await sealFutureMessageFieldV2(
      key,
      USER,
      'subject',
      '😀'.repeat(FUTURE_MESSAGE_LIMITS.subjectMaxChars / 2),
    );
    expect(subject.ciphertext.length).toBeLessThanOrEqual(SEALED_FUTURE_MESSAGE_MAX_CHARS.subject);
    expect(isSealedEmpty((await sealFutureMessageFieldV2(key, USER, 'subject', '')).ciphertext)).toBe(true);
    expect(isSealedEmpty((await sealFutureMessageFieldV2(key, USER, 'subject', 'a')).ciphertext)).toBe(false);
  });
});

describe('the rules of a letter’s text, one function for the server and the browser', () => {
  it('asks for both parts, then holds each to its limit', () => {
    expect(futureMessageTextProblems('Hello', 'World')).toEqual({});
    expect(futureMessageTextProblems(' ', 'World')).toEqual({
      subject: FUTURE_MESSAGE_MESSAGES.missingFields,
    });
    expect(futureMessageTextProblems('Hello', '\n')).toEqual({
      message: FUTURE_MESSAGE_MESSAGES.missingFields,
    });
    expect(futureMessageTextProblems('s'.repeat(201), 'm'.repeat(5001))).toEqual({
      subject: 'The subject is limited to 200 characters',
      message: 'The message is limited to 5,000 characters',
    });
    expect(futureMessageTextProblems('s'.repeat(200), 'm'.repeat(5000))).toEqual({});
  });
});

describe('the schedule schema and the e-mail copy', () => {
  const part = { encryptedContent: 'AAAA', encryptionIv: 'AAAAAAAAAAAAAAAA' };
  const base = {
    subject: part,
    message: part,
    sendAt: '2030-01-01T00:00:00.000Z',
    deliveryChannel: 'email',
  } as const;

  it('takes a copy for the e-mail only from a private letter that has an e-mail', () => {
    expect(ScheduleFutureMessageInput.safeParse(base).success).toBe(true);
    expect(ScheduleFutureMessageInput.safeParse({ ...base, encryptionVersion: 2 }).success).toBe(true);
    const copy = { subject: part, message: part };
    expect(
      ScheduleFutureMessageInput.safeParse({ ...base, encryptionVersion: 2, emailCopy: copy }).success,
    ).toBe(true);
    expect(ScheduleFutureMessageInput.safeParse({ ...base, emailCopy: copy }).success).toBe(false);
    expect(
      ScheduleFutureMessageInput.safeParse({
        ...base,
        deliveryChannel: 'in-app',
        encryptionVersion: 2,
        emailCopy: copy,
      }).success,
    ).toBe(false);
    expect(ScheduleFutureMessageInput.safeParse({ ...base, encryptionVersion: 3 }).success).toBe(false);
  });
});
