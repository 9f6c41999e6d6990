import { z } from 'zod';
import { SHARE_LIMITS } from '../constants.ts';
import { Base64, MAX_CIPHERTEXT_CHARS } from './entries.ts';
import { CreateShareInput, ShareRecipientEmail, ShareSealing } from './sharing.ts';

/*
 * What only a private entry's sealed shares send (ADR 103), apart from sharing.ts so that the pages that read shares
 * do not carry it: the shares made in the browser, the recipients' public keys, and the pick-up's wraps.
 *   POST /api/entries/:entryId/shares              CreateSealedShareInput (a private entry's `sealed` list)
 */

/** A share key sealed to a public key (key-pair.ts): version ‖ ephemeral point ‖ IV ‖ 32 bytes ‖ tag, base64. */
const WrappedShareKey = Base64.max(200);
/** The sealed copy: IV ‖ AES-GCM(JSON of text and mood) ‖ tag, base64 (the text's JSON escapes counted twice). */
export const SealedCopy = Base64.max(MAX_CIPHERTEXT_CHARS * 2 + 512, 'The entry is too long');

/** One recipient's sealed share, made in the sender's browser under a share id it chose (ADR 103). */
export const SealedShareInput = z.object({
  shareId: z.uuid(),
  email: ShareRecipientEmail,
  sealing: ShareSealing,
  copy: SealedCopy,
  keyForSender: WrappedShareKey,
  /** `account` only. */
  keyForRecipient: WrappedShareKey.optional(),
  /** `server` only: the raw 32-byte share key, base64. */
  serverKey: Base64.length(44).optional(),
});
export type SealedShareInput = z.infer<typeof SealedShareInput>;

/** A share's creation with, for a private entry, its sealed shares, one per recipient. */
export const CreateSealedShareInput = CreateShareInput.extend({
  /** A private entry's shares, one per recipient, sealed in the browser (ADR 103); absent for any other entry. */
  sealed: z.array(SealedShareInput).max(SHARE_LIMITS.maxRecipients).optional(),
}).meta({ id: 'CreateSealedShareInput' });
export type CreateSealedShareInput = z.input<typeof CreateSealedShareInput>;

/** The recipients of a private entry's share being made, checked as a share's (ADR 103). */
export const ShareRecipientsInput = CreateShareInput.shape.recipients;
export const ShareRecipientsBody = z
  .object({ recipients: ShareRecipientsInput })
  .meta({ id: 'ShareRecipientsBody' });

/** Whose public key each recipient has, and the sender's own (null until their browser made a key pair). */
export const ShareRecipientKeys = z
  .object({
    senderPublicKey: z.string().nullable(),
    recipients: z.array(z.object({ email: z.string(), publicKey: z.string().nullable() })),
  })
  .meta({ id: 'ShareRecipientKeys' });
export type ShareRecipientKeys = z.infer<typeof ShareRecipientKeys>;

/** The sender's `link` shares whose recipient now has an account with a key pair and no wrap yet (ADR 103). */
export const AwaitingWrapList = z
  .object({
    items: z.array(
      z.object({ shareId: z.string(), keyForSender: z.string(), recipientPublicKey: z.string() }),
    ),
  })
  .meta({ id: 'AwaitingWrapList' });
export type AwaitingWrapList = z.infer<typeof AwaitingWrapList>;

export const RecipientWrapInput = z
  .object({ wrappedKey: WrappedShareKey })
  .meta({ id: 'RecipientWrapInput' });
