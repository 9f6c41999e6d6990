import { z } from 'zod';
import { PRIVATE_MODE } from '../private-mode-constants.ts';
import { TimeZone } from './auth.ts';
import { Base64, IsoDay, MAX_CIPHERTEXT_CHARS } from './entries.ts';
import { ImportSource } from './import.ts';

/*
 * The import of a private-mode account, parsed and sealed in the browser (ADR 099): the browser asks which of its
 * entries' keyed names the account has already, opens a batch, and sends the sealed entries a few dozen at a time.
 * The server sees dates, zones and ciphertext, never a text, a mood or a Day One id.
 */

export const PRIVATE_IMPORT = {
  /** Entries per upload: small, as the server import's transactions are (ADR 054). */
  batchEntries: 50,
  /** Names asked about at once while the preview counts duplicates. */
  checkNames: 500,
  /** `pk:` and the 43 base64url characters of an HMAC-SHA256. */
  /** Further attachments one imported entry may carry (Day One entries rarely hold more than a few). */
  attachmentsPerEntry: 50,
  namePattern: /^pk:[A-Za-z0-9_-]{43}(#[0-9]{1,2})?$/,
} as const;

/**
 * An entry's archive identity keyed under the account's import key (`deriveImportKeyV2`): `pk:<HMAC, base64url>`,
 * then `#n` for the n-th part of a long entry split on import, as the server import names parts (ADR 070).
 */
export const PrivateImportName = z
  .string()
  .regex(PRIVATE_IMPORT.namePattern, 'Must be a keyed import name (pk: and 43 base64url characters)');

export const PrivateImportCheck = z.object({
  names: z.array(PrivateImportName).min(1).max(PRIVATE_IMPORT.checkNames),
  /**
   * The entry ids of a Daybook archive's entries written in Daybook (identity `daybook:<id>`): one's own export
   * names entries by their ids, which the server knows anyway (ADR 068's rule).
   */
  entryIds: z.array(z.uuid()).max(PRIVATE_IMPORT.checkNames).default([]),
});
export type PrivateImportCheck = z.infer<typeof PrivateImportCheck>;

export const PrivateImportKnown = z
  .object({ names: z.array(z.string()), entryIds: z.array(z.string()) })
  .meta({ id: 'PrivateImportKnown' });
export type PrivateImportKnown = z.infer<typeof PrivateImportKnown>;

export const PrivateImportBatchInput = z.object({ source: ImportSource });
export const PrivateImportBatchCreated = z.object({ id: z.uuid() }).meta({ id: 'PrivateImportBatchCreated' });

/** One sealed entry (version 2, ADR 094): text and mood sealed in the browser, dates and zone as the server sees. */
export const PrivateImportEntry = z.object({
  name: PrivateImportName,
  /** The entry's id in the archive it came from, for `daybook:<id>` identities (see PrivateImportCheck). */
  entryId: z.uuid().nullable().default(null),
  encryptedContent: Base64.max(MAX_CIPHERTEXT_CHARS, 'The entry is too long'),
  encryptionIv: Base64.length(16, 'The IV must be 12 bytes'),
  encryptedMood: Base64.length(PRIVATE_MODE.sealedMoodChars, 'The sealed mood must be 60 bytes'),
  entryDate: IsoDay,
  timeZone: TimeZone,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  sourceType: z.enum(['journal', 'empty']),
  /**
   * The entry's own file (its first photo, voice note or video) and its further attachments (ADR 088), each a draft
   * this batch's attachment route stored sealed (ADR 099, amended): claimed with the entry, first part only.
   */
  mediaDraftId: z.uuid().nullable().default(null),
  attachmentDraftIds: z.array(z.uuid()).max(PRIVATE_IMPORT.attachmentsPerEntry).default([]),
});
export type PrivateImportEntry = z.infer<typeof PrivateImportEntry>;

export const PrivateImportUpload = z.object({
  entries: z.array(PrivateImportEntry).min(1).max(PRIVATE_IMPORT.batchEntries),
});
export type PrivateImportUpload = z.infer<typeof PrivateImportUpload>;

export const PrivateImportWritten = z
  .object({
    /** The names written now. */
    imported: z.array(z.string()),
    /** The names the account already had (an earlier import, or this one resumed): skipped. */
    duplicates: z.array(z.string()),
    /** Attachments of written entries the server could not keep (a plan that no longer allows them, a lost draft). */
    leftOut: z.array(z.object({ name: z.string(), reason: z.string() })).default([]),
  })
  .meta({ id: 'PrivateImportWritten' });
export type PrivateImportWritten = z.infer<typeof PrivateImportWritten>;

/** The kinds a private import's attachment may be: a PDF goes only with an imported entry (ADR 088). */
export const PrivateImportAttachmentType = z.enum(['image', 'audio', 'video', 'pdf']);
export type PrivateImportAttachmentType = z.infer<typeof PrivateImportAttachmentType>;

/**
 * One attachment of the batch's entries, sealed in the browser under the account's media key (key kind 1, ADR 096):
 * what the server cannot read is declared, as for `POST /api/media/sealed-drafts`.
 */
export const PrivateImportAttachmentQuery = z.object({
  mediaType: PrivateImportAttachmentType,
  mimeType: z.string().max(100),
  durationSeconds: z.coerce.number().nonnegative().optional(),
  width: z.coerce.number().int().positive().max(100_000).optional(),
  height: z.coerce.number().int().positive().max(100_000).optional(),
  thumbWidth: z.coerce.number().int().positive().max(4096).optional(),
  thumbHeight: z.coerce.number().int().positive().max(4096).optional(),
});
export type PrivateImportAttachmentQuery = z.infer<typeof PrivateImportAttachmentQuery>;

export const PrivateImportAttachmentStored = z
  .object({ draftId: z.uuid() })
  .meta({ id: 'PrivateImportAttachmentStored' });
export type PrivateImportAttachmentStored = z.infer<typeof PrivateImportAttachmentStored>;
