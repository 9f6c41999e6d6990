import { z } from 'zod';
import { PRIVATE_MODE } from '../private-mode-constants.ts';
import { PRIVATE_SWITCH } from '../private-switch-constants.ts';
import { EncryptedText, MoodTag } from './entries.ts';
import { PrivateImportName } from './private-import.ts';
import { KeyProof } from './private-mode.ts';

/*
 * Switching an account into private mode and back (ADR 097). The browser pages through the entries still under the
 * other version, opens each, seals it under the target version and sends it back; the server replaces the row in
 * place only if it is still under the version it came from.
 */

/** Where the account stands: standard, private (entries may still be version 1), or switching private mode off. */
export const PrivateSwitchMode = z.enum(['standard', 'private', 'switching-off']);
export type PrivateSwitchMode = z.infer<typeof PrivateSwitchMode>;

/** The target of a re-encryption run: `private` turns version 1 into 2; `standard` turns 2 back into 1. */
export const ReEncryptionTarget = z.enum(['private', 'standard']);
export type ReEncryptionTarget = z.infer<typeof ReEncryptionTarget>;

export const PrivateSwitchStatus = z
  .object({
    mode: PrivateSwitchMode,
    /** The owner's entries under version 1 (every row, deleted ones too): the server can read them. */
    readableEntries: z.number().int().nonnegative(),
    /** The owner's entries under version 2 (every row). */
    privateEntries: z.number().int().nonnegative(),
  })
  .meta({ id: 'PrivateSwitchStatus' });
export type PrivateSwitchStatus = z.infer<typeof PrivateSwitchStatus>;

export const ReEncryptionQuery = z.object({
  to: ReEncryptionTarget,
  /** The last id of the page before: ids ascend, so an entry that cannot be opened is passed once, not forever. */
  after: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(PRIVATE_SWITCH.pageSize).default(PRIVATE_SWITCH.pageSize),
});
export type ReEncryptionQuery = z.input<typeof ReEncryptionQuery>;

/** An entry to re-encrypt, as it is sealed now: its text, and its mood plain (version 1) or sealed (version 2). */
export const ReEncryptionCandidate = z
  .object({
    id: z.uuid(),
    encryptionVersion: z.number().int(),
    encryptedContent: z.string().nullable(),
    encryptionIv: z.string().nullable(),
    moodTag: z.string().nullable(),
    encryptedMood: z.string().nullable(),
  })
  .meta({ id: 'ReEncryptionCandidate' });
export type ReEncryptionCandidate = z.infer<typeof ReEncryptionCandidate>;

export const ReEncryptionPage = z
  .object({
    entries: z.array(ReEncryptionCandidate),
    /** How many entries are still under the version the run turns away from (every row, not only this page's). */
    remaining: z.number().int().nonnegative(),
    /** The cursor of the next page, or null when this was the last. */
    next: z.uuid().nullable(),
  })
  .meta({ id: 'ReEncryptionPage' });
export type ReEncryptionPage = z.infer<typeof ReEncryptionPage>;

const SealedMood = z
  .string()
  .length(PRIVATE_MODE.sealedMoodChars, 'The sealed mood must be 60 bytes')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Must be base64');

/** One entry sealed anew: version 2 with its mood sealed, or version 1 with its mood plain. Nothing else changes. */
export const ReEncryptedEntry = z.discriminatedUnion('encryptionVersion', [
  EncryptedText.extend({
    id: z.uuid(),
    encryptionVersion: z.literal(PRIVATE_MODE.encryptionVersion),
    encryptedMood: SealedMood,
  }),
  EncryptedText.extend({
    id: z.uuid(),
    encryptionVersion: z.literal(1),
    moodTag: MoodTag.nullable(),
  }),
]);
export type ReEncryptedEntry = z.infer<typeof ReEncryptedEntry>;

export const ReEncryptInput = z
  .object({ entries: z.array(ReEncryptedEntry).min(1).max(PRIVATE_SWITCH.batchSize) })
  .superRefine((input, context) => {
    const versions = new Set(input.entries.map((entry) => entry.encryptionVersion));
    if (versions.size > 1)
      context.addIssue({ code: 'custom', path: ['entries'], message: 'A batch turns entries one way only' });
  })
  .meta({ id: 'ReEncryptInput' });
export type ReEncryptInput = z.infer<typeof ReEncryptInput>;

export const ReEncryptResult = z
  .object({
    /** Replaced now. */
    converted: z.array(z.uuid()),
    /** Already under the target version (another tab, an earlier run): nothing written, not an error. */
    skipped: z.array(z.uuid()),
  })
  .meta({ id: 'ReEncryptResult' });
export type ReEncryptResult = z.infer<typeof ReEncryptResult>;

/** Starting, cancelling or finishing the switch off: the proof of holding the key (ADR 089), as a rewrap asks. */
export const PrivateSwitchInput = z.object({ keyProof: KeyProof }).meta({ id: 'PrivateSwitchInput' });
export type PrivateSwitchInput = z.infer<typeof PrivateSwitchInput>;

/*
 * Switching on, the import keys (ADR 097, amended; ADR 099's note): entries the server imported before private mode
 * keep plain archive identities (`dayone:<uuid>`, parts `#2`…) as their import keys, which a private import's keyed
 * names never match. The browser renames them to their keyed names, so a private re-import finds them.
 */

/** A page of the owner's entries whose import key is still a plain identity, by id; `next` is the cursor. */
export const PlainImportKeysQuery = z.object({ after: z.uuid().optional() });
export type PlainImportKeysQuery = z.infer<typeof PlainImportKeysQuery>;

export const PlainImportKeysPage = z
  .object({
    items: z.array(z.object({ id: z.uuid(), importKey: z.string() })),
    /** How many plain keys remain, this page included. */
    total: z.number().int().nonnegative(),
    next: z.uuid().nullable(),
  })
  .meta({ id: 'PlainImportKeysPage' });
export type PlainImportKeysPage = z.infer<typeof PlainImportKeysPage>;

export const RekeyImportInput = z
  .object({
    keys: z
      .array(z.object({ id: z.uuid(), from: z.string().min(1).max(300), to: PrivateImportName }))
      .min(1)
      .max(PRIVATE_SWITCH.pageSize),
  })
  .meta({ id: 'RekeyImportInput' });
export type RekeyImportInput = z.infer<typeof RekeyImportInput>;

export const RekeyImportResult = z
  .object({
    /** Renamed now. */
    rekeyed: z.array(z.uuid()),
    /** Left: renamed already, not the key sent, or the keyed name taken by another of the owner's entries. */
    skipped: z.array(z.uuid()),
  })
  .meta({ id: 'RekeyImportResult' });
export type RekeyImportResult = z.infer<typeof RekeyImportResult>;
