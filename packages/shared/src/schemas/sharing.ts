import { z } from 'zod';
import { REPORT_REASONS, SHARE_LIMITS, SHARE_MESSAGES } from '../constants.ts';
import { StoredText } from './text.ts';

/**
 * Sharing API contract (ADR 023). Paths:
 *   POST   /api/entries/:entryId/shares        CreateShareInput → 201 SentShareList   (owner, can_share_entries)
 *   GET    /api/entries/:entryId/shares        → SentShareList, newest first          (owner)
 *   POST   /api/shares/:shareId/resend         → SentShare                             (owner; active, unregistered, < 3)
 *   POST   /api/shares/:shareId/revoke         → SentShare                             (owner; active only)
 *   GET    /api/shares/received?page&pageSize  → ReceivedSharePage (active only, newest first)
 *   POST   /api/shares/received/viewed         → 204 (records in_app_viewed on every unviewed active received share)
 *   GET    /api/shares/:shareId/view           → ShareView (recipient in-app; records in_app_viewed if missing)
 *   GET    /api/share-links/:token             → ShareView (anyone, rate-limited; records share_viewed)
 *   POST   /api/shares/:shareId/thank-you      ThankYouInput → 201 (recipient; active only)
 *   POST   /api/shares/:shareId/report         ReportShareInput → 201 (recipient; active only)
 *   GET    /api/shares/:shareId/thank-you-key  → ThankYouKey (recipient; active only: the author's public key, ADR 102)
 *   GET    /api/thank-you-notes/:id            → ThankYouNote (the entry's author only; decrypted in the browser)
 *   POST   /api/entries/:entryId/share-recipients  ShareRecipientsInput → ShareRecipientKeys (owner of a private entry)
 *   PUT    /api/shares/:shareId/sealed-media  multipart `file` → 204          (owner; a sealed share's media, once)
 *   GET    /api/shares/awaiting-wrap          → AwaitingWrapList              (owner; link shares whose recipient has a key)
 *   POST   /api/shares/:shareId/recipient-wrap  RecipientWrapInput → 204      (owner; once per share)
 * Unknown ids and other users' ids answer 404 NOT_FOUND with SHARE_MESSAGES.notFound, and change nothing.
 * Sealed shares (a private entry shared end to end) are ADR 103.
 */

/** The spec's "simple address pattern". */
export const SHARE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ShareRecipientEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, SHARE_MESSAGES.invalidEmail)
  .regex(SHARE_EMAIL_PATTERN, SHARE_MESSAGES.invalidEmail);

/**
 * How a private entry's share is sealed (ADR 103): `account`, its key wrapped to the recipient's public key; `link`,
 * its key only in the private link's fragment; `server`, "E-mail it", its key given to the server, which can then
 * read this one copy.
 */
export const ShareSealing = z.enum(['account', 'link', 'server']);
export type ShareSealing = z.infer<typeof ShareSealing>;

export const CreateShareInput = z
  .object({
    recipients: z
      .array(z.object({ email: ShareRecipientEmail }))
      .min(1, SHARE_MESSAGES.recipientRequired)
      .max(SHARE_LIMITS.maxRecipients, SHARE_MESSAGES.maxRecipients)
      .refine(
        (list) => new Set(list.map((r) => r.email)).size === list.length,
        SHARE_MESSAGES.duplicateEmail,
      ),
    includeMedia: z.boolean().default(true),
    note: StoredText.trim()
      .max(SHARE_LIMITS.noteMaxChars, `Notes can be at most ${SHARE_LIMITS.noteMaxChars} characters`)
      .optional(),
    consent: z.literal(true, SHARE_MESSAGES.consentRequired),
  })
  .meta({ id: 'CreateShareInput' });
export type CreateShareInput = z.input<typeof CreateShareInput>;

export const ShareStatus = z.enum(['active', 'revoked', 'expired']);
export type ShareStatus = z.infer<typeof ShareStatus>;

export const ShareEventType = z.enum(['in_app_viewed', 'share_viewed', 'email_sent', 'resent']);
export type ShareEventType = z.infer<typeof ShareEventType>;

export const ShareEvent = z.object({ type: ShareEventType, createdAt: z.string() });
export type ShareEvent = z.infer<typeof ShareEvent>;

/** A share as its sender sees it (Manage Sharing). */
export const SentShare = z
  .object({
    id: z.string(),
    entryId: z.string(),
    recipientEmail: z.string(),
    recipientName: z.string().nullable(),
    /** Resend is offered only when the recipient has no account. */
    recipientRegistered: z.boolean(),
    status: ShareStatus,
    includeMedia: z.boolean(),
    resendCount: z.number().int(),
    createdAt: z.string(),
    expiresAt: z.string(),
    events: z.array(ShareEvent),
    /** How a private entry's share is sealed (ADR 103); null for a share the server reads. */
    sealing: ShareSealing.nullable().optional(),
    /** The private link without its fragment: only in the answer that made a `link` share. */
    link: z.string().optional(),
  })
  .meta({ id: 'SentShare' });
export type SentShare = z.infer<typeof SentShare>;

export const SentShareList = z.object({ shares: z.array(SentShare) }).meta({ id: 'SentShareList' });
export type SentShareList = z.infer<typeof SentShareList>;

/**
 * What a browser needs to open a sealed share (ADR 103): the copy, and its key wrapped for the signed-in recipient
 * (`account`, or `link` once the sender's browser wrapped it) or, for `server`, the key itself.
 */
export const SealedShareKeys = z.object({
  sealing: ShareSealing,
  copy: z.string(),
  wrappedKey: z.string().nullable(),
  key: z.string().nullable(),
});
export type SealedShareKeys = z.infer<typeof SealedShareKeys>;

/** A share as its recipient sees it in the bell and on /shared. */
export const ReceivedShare = z
  .object({
    id: z.string(),
    sender: z.object({ name: z.string() }),
    note: z.string().nullable(),
    /** The first 100 characters of the entry text. */
    preview: z.string(),
    moodTag: z.string().nullable(),
    contentType: z.enum(['text', 'image', 'audio', 'video']),
    createdAt: z.string(),
    viewed: z.boolean(),
    /** A sealed share: preview and mood are empty here and read in the browser (ADR 103). */
    sealed: SealedShareKeys.optional(),
  })
  .meta({ id: 'ReceivedShare' });
export type ReceivedShare = z.infer<typeof ReceivedShare>;

export const ReceivedShareQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(50).default(SHARE_LIMITS.receivedPageSize),
});
export type ReceivedShareQuery = z.input<typeof ReceivedShareQuery>;

export const ReceivedSharePage = z
  .object({ items: z.array(ReceivedShare), total: z.number().int(), unviewed: z.number().int() })
  .meta({ id: 'ReceivedSharePage' });
export type ReceivedSharePage = z.infer<typeof ReceivedSharePage>;

export const ShareMediaType = z.enum(['image', 'audio', 'video']);

/** The spec's view-share response. `entry` is null unless the share is active and the entry exists. */
export const ShareView = z
  .object({
    shareId: z.string(),
    status: ShareStatus,
    note: z.string().nullable(),
    /** Null with the sender for a revoked share, which shows nothing but that it was revoked (ADR 059). */
    sharedAt: z.string().nullable(),
    sender: z.object({ name: z.string() }).nullable(),
    entry: z
      .object({
        text: z.string(),
        moodTag: z.string().nullable(),
        createdAt: z.string(),
        media: z.object({ url: z.string(), type: ShareMediaType }).nullable(),
      })
      .nullable(),
    events: z.array(ShareEvent),
    error: z.literal('entry_deleted').optional(),
    /** Thank-you and report: only a recipient, in-app, on an active share. */
    canRespond: z.boolean(),
    /**
     * A sealed share, active with its entry (ADR 103): `entry` is null from the server and the browser fills it from
     * the copy; the media link serves the sealed container.
     */
    sealed: SealedShareKeys.extend({
      media: z.object({ url: z.string(), type: ShareMediaType }).nullable(),
      /** When the entry was written, which the server knows of any entry. */
      createdAt: z.string(),
    }).optional(),
  })
  .meta({ id: 'ShareView' });
export type ShareView = z.infer<typeof ShareView>;

export const ThankYouInput = z
  .object({
    message: StoredText.trim()
      .min(1, 'Please write a message')
      .max(
        SHARE_LIMITS.thankYouMaxChars,
        `Messages can be at most ${SHARE_LIMITS.thankYouMaxChars} characters`,
      ),
  })
  .meta({ id: 'ThankYouInput' });
export type ThankYouInput = z.input<typeof ThankYouInput>;

/*
 * A note sealed in the recipient's browser to the author's public key (ADR 102): version ‖ ephemeral point (65) ‖
 * IV (12) ‖ ciphertext ‖ tag (16). The server cannot count its characters; it bounds the length to what 1 to 500
 * characters can seal to (a UTF-16 unit is at most 3 bytes of UTF-8), and the browser checks the exact limit.
 */
const SEALED_OVERHEAD_BYTES = 1 + 65 + 12 + 16;
const sealedBase64Length = (plainBytes: number) => Math.ceil((SEALED_OVERHEAD_BYTES + plainBytes) / 3) * 4;

export const SealedThankYouInput = z
  .object({
    sealedMessage: z
      .string()
      .min(sealedBase64Length(1), 'Please write a message')
      .max(
        sealedBase64Length(SHARE_LIMITS.thankYouMaxChars * 3),
        `Messages can be at most ${SHARE_LIMITS.thankYouMaxChars} characters`,
      )
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'A sealed note must be base64'),
  })
  .meta({ id: 'SealedThankYouInput' });
export type SealedThankYouInput = z.infer<typeof SealedThankYouInput>;

/** What POST /api/shares/:id/thank-you takes: a note sealed to the author's key, or plain for an author without one. */
export const SendThankYouInput = z.union([SealedThankYouInput, ThankYouInput]);
export type SendThankYouInput = z.input<typeof SendThankYouInput>;

/** The author's public key to seal a thank-you to; null while the author has none (not signed in since ADR 102). */
export const ThankYouKey = z.object({ publicKey: z.string().nullable() }).meta({ id: 'ThankYouKey' });
export type ThankYouKey = z.infer<typeof ThankYouKey>;

export const ReportReason = z.enum(REPORT_REASONS.map((r) => r.value) as ['spam', ...string[]]);

/** Control characters are stripped, not refused (docs/product/sharing.md#sharing-report); blank details are dropped. */
const stripControlCharacters = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');

export const ReportShareInput = z
  .object({
    reason: ReportReason,
    details: z
      .string()
      .max(SHARE_LIMITS.reportDetailsMaxChars * 2)
      .transform((text) => stripControlCharacters(text).slice(0, SHARE_LIMITS.reportDetailsMaxChars).trim())
      .transform((text) => (text === '' ? undefined : text))
      .optional(),
  })
  .meta({ id: 'ReportShareInput' });
export type ReportShareInput = z.input<typeof ReportShareInput>;

/**
 * A thank-you note for the entry's author: `sealed` to the author's public key in the recipient's browser (ADR 102;
 * `encryptedMessage` is the sealed note, opened with the context `thank-you|<shareId>`, and there is no IV), or
 * `server`, encrypted by the server with the author's standard key as before (an IV; absent from older answers).
 */
export const ThankYouNote = z
  .object({
    id: z.string(),
    shareId: z.string().optional(),
    format: z.enum(['server', 'sealed']).default('server'),
    encryptedMessage: z.string(),
    encryptionIv: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ThankYouNote' });
export type ThankYouNote = z.infer<typeof ThankYouNote>;
