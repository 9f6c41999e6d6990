import {
  deriveFutureMessageKeyV2,
  encryptText,
  type FutureMessage,
  importAccountKey,
  type PlanFeatures,
  sealFutureMessageFieldV2,
} from '@daybook/shared';
import { freePlanFeatures, sessionUser } from '../../test/api.ts';
import { testEntryKey } from '../../test/entries.ts';

/** Test support: messages as the API returns them, sealed with the test user's key. */

export const premiumPlanFeatures: PlanFeatures = {
  ...freePlanFeatures,
  audio_entries: true,
  video_entries: true,
  can_share_entries: true,
  can_send_future_messages: true,
};

let nextId = 1;

export async function sealedMessage(
  subject: string,
  body: string,
  overrides: Partial<FutureMessage> = {},
): Promise<FutureMessage> {
  const { key } = await testEntryKey();
  const [sealedSubject, sealedBody] = await Promise.all([encryptText(key, subject), encryptText(key, body)]);
  return {
    id: `00000000-0000-4000-9000-${String(nextId++).padStart(12, '0')}`,
    encryptedContent: sealedBody.ciphertext,
    encryptionIv: sealedBody.iv,
    encryptedTitle: sealedSubject.ciphertext,
    titleEncryptionIv: sealedSubject.iv,
    sendAt: '2030-06-01T08:00:00.000Z',
    status: 'pending',
    deliveryChannel: 'email',
    sentAt: null,
    failureReason: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    encryptionVersion: 1,
    hasEmailCopy: false,
    ...overrides,
  };
}

/** A private letter (ADR 098) as the API returns it: sealed under the test user's account key, version 2. */
export async function privateSealedMessage(
  accountKey: Uint8Array<ArrayBuffer>,
  subject: string,
  body: string,
  overrides: Partial<FutureMessage> = {},
): Promise<FutureMessage> {
  const key = await deriveFutureMessageKeyV2(await importAccountKey(accountKey));
  const [sealedSubject, sealedBody] = await Promise.all([
    sealFutureMessageFieldV2(key, sessionUser.id, 'subject', subject),
    sealFutureMessageFieldV2(key, sessionUser.id, 'message', body),
  ]);
  return {
    ...(await sealedMessage('unused', 'unused')),
    encryptedContent: sealedBody.ciphertext,
    encryptionIv: sealedBody.iv,
    encryptedTitle: sealedSubject.ciphertext,
    titleEncryptionIv: sealedSubject.iv,
    encryptionVersion: 2,
    ...overrides,
  };
}
