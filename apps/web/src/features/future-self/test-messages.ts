import { encryptText, type FutureMessage, type PlanFeatures } from '@daybook/shared';
import { freePlanFeatures } from '../../test/api.ts';
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
    ...overrides,
  };
}
