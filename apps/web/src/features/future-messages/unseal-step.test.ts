import { decryptText, type FutureMessage, PRIVATE_MODE_MESSAGES, randomKeyBytes } from '@daybook/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetAccountKeys, keepAccountKey } from '../../lib/private-keys/session-key.ts';
import { callsTo, sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
import { storeTestEntryKey, testEntryKey } from '../../test/entries.ts';
import { jsonResponse } from '../../test/render.tsx';
import type { ReencryptProgress } from './letter-conversion.ts';
import { privateSealedMessage } from './test-messages.ts';
import { futureMessagesUnsealStep } from './unseal-step.ts';

/*
 * Switching private mode off, the letters' step (ADR 097, amended): each letter sealed with the account's key is
 * opened here and sealed again as version 1 under the key the server derives, replacing it in place; one that does
 * not open is counted and left.
 */

const LIST = 'GET /api/future-messages';
type Part = { encryptedContent: string; encryptionIv: string };
type ReadableBody = { subject: Part; message: Part; encryptionVersion: number };

const accountKey = randomKeyBytes();

beforeEach(async () => {
  forgetAccountKeys();
  await storeTestEntryKey();
});

/** A server of an account switching off, holding letters that the PUT turns into version 1, as the real one does. */
function serverWith(letters: FutureMessage[]) {
  const held = [...letters];
  const handlers = {
    ...signedInHandlers(),
    [LIST]: ({ url }: { url: URL }) => {
      expect(url.searchParams.get('encryptionVersion')).toBe('2');
      const left = held.filter((letter) => letter.encryptionVersion === 2);
      const pageSize = Number(url.searchParams.get('pageSize'));
      const page = Number(url.searchParams.get('page'));
      return jsonResponse({ items: left.slice(page * pageSize, (page + 1) * pageSize), total: left.length });
    },
  } as Parameters<typeof stubApi>[0];
  for (const letter of held)
    handlers[`PUT /api/future-messages/${letter.id}/readable`] = ({ body }) => {
      const sent = body as ReadableBody;
      const index = held.findIndex((item) => item.id === letter.id);
      held[index] = {
        ...letter,
        encryptionVersion: 1,
        encryptedContent: sent.message.encryptedContent,
        encryptionIv: sent.message.encryptionIv,
        encryptedTitle: sent.subject.encryptedContent,
        titleEncryptionIv: sent.subject.encryptionIv,
      };
      return jsonResponse(held[index]);
    };
  return { fetchMock: stubApi(handlers), held };
}

describe('switching off: futureMessagesUnsealStep', () => {
  it('turns every private letter back to version 1, in place, with progress; a second run finds none', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const letters = [
      await privateSealedMessage(accountKey, 'Pending one', 'the orchard in May'),
      await privateSealedMessage(accountKey, 'Delivered one', 'the river walk', { status: 'sent' }),
    ];
    const { fetchMock, held } = serverWith(letters);
    expect(await futureMessagesUnsealStep.count()).toBe(2);
    const progress: ReencryptProgress[] = [];
    expect(await futureMessagesUnsealStep.run((step) => progress.push(step))).toEqual({
      converted: 2,
      unreadable: 0,
    });
    expect(progress.at(-1)).toEqual({ done: 2, total: 2 });
    const puts = letters.flatMap((letter) =>
      callsTo(fetchMock, `PUT /api/future-messages/${letter.id}/readable`),
    ) as ReadableBody[];
    expect(puts.map((body) => body.encryptionVersion)).toEqual([1, 1]);
    const { key } = await testEntryKey();
    expect(await decryptText(key, { ciphertext: held[0]!.encryptedContent, iv: held[0]!.encryptionIv })).toBe(
      'the orchard in May',
    );
    expect(
      await decryptText(key, { ciphertext: held[1]!.encryptedTitle, iv: held[1]!.titleEncryptionIv }),
    ).toBe('Delivered one');
    expect(await futureMessagesUnsealStep.count()).toBe(0);
  });

  it('leaves a letter sealed under another key and counts it', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const { fetchMock } = serverWith([
      await privateSealedMessage(randomKeyBytes(), 'Someone else', 'not ours'),
      await privateSealedMessage(accountKey, 'Ours', 'the lantern'),
    ]);
    expect(await futureMessagesUnsealStep.run(() => undefined)).toEqual({ converted: 1, unreadable: 1 });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1);
  });

  it('asks for the passphrase when the journal is locked', async () => {
    serverWith([await privateSealedMessage(accountKey, 'Locked', 'words')]);
    await expect(futureMessagesUnsealStep.run(() => undefined)).rejects.toThrow(
      PRIVATE_MODE_MESSAGES.futureMessageNeedsPrivateKey,
    );
  });
});
