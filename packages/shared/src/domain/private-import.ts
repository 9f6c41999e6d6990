import { MOODS } from '../constants.ts';
import type { ImportSkip } from '../schemas/import.ts';
import { PRIVATE_IMPORT } from '../schemas/private-import.ts';
import type { ImportNameKey } from './account-key.ts';
import { DAYBOOK_KEY_PREFIX, type ImportCandidate } from './import-records.ts';
import { importedText, partMark, placeDayOneMoments } from './import-text.ts';

/*
 * A private-mode account's import, made in the browser (ADR 099): the same candidates as the server import
 * (archive-reader.ts, import-records.ts), the same text (Day One's details kept inside it, ADR 078; long entries in
 * parts, ADR 070), and each entry's archive identity sent only as a keyed name the server can compare but not read.
 */

const encoder = new TextEncoder();

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The keyed name of an archive identity (`dayone:<uuid>`, `daybook:<id>`): `pk:` and HMAC-SHA256 under the
 * account's import key, base64url. An identity that is a keyed name already (an entry a private account imported,
 * exported again by it) is kept as it is: in its own account that is the name it is stored under, so importing
 * one's own export adds nothing; in another account it is as opaque an identity as any.
 */
export async function privateImportName(key: ImportNameKey, identity: string): Promise<string> {
  if (PRIVATE_IMPORT.namePattern.test(identity)) return identity;
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(identity));
  return `pk:${base64Url(new Uint8Array(mac))}`;
}

/** The name of part `index` (0-based) of a split entry: the entry's own for the first, `#2`, `#3`… after (ADR 070). */
export const privateImportPartName = (name: string, index: number) =>
  index === 0 ? name : `${name}#${index + 1}`;

/**
 * The keyed name an import key the server stored (ADR 068, ADR 070: `dayone:<uuid>`, a part `dayone:<uuid>#2`) has
 * once the account is private: what a private import of the same archive names that entry or part (ADR 097,
 * amended: switching on renames the server's keys to these, so a re-import adds nothing). A keyed name is kept.
 */
export async function privateNameOfStoredImportKey(key: ImportNameKey, stored: string): Promise<string> {
  if (PRIVATE_IMPORT.namePattern.test(stored)) return stored;
  const part = /^(.*)#([0-9]{1,2})$/.exec(stored);
  if (!part) return privateImportName(key, stored);
  return privateImportPartName(await privateImportName(key, part[1]!), Number(part[2]) - 1);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * For a Daybook entry whose identity is its id (`daybook:<uuid>`, written in Daybook), the id: the server counts it
 * as already there when the account has an entry with that id (ADR 068). Null for any other identity.
 */
export function privateImportEntryId(candidate: Pick<ImportCandidate, 'key'>): string | null {
  if (!candidate.key.startsWith(DAYBOOK_KEY_PREFIX)) return null;
  const id = candidate.key.slice(DAYBOOK_KEY_PREFIX.length);
  return UUID.test(id) ? id.toLowerCase() : null;
}

/** A mood the version-2 seal accepts, or null (an archive's unknown mood is not kept, as a sealed mood must be one). */
const MOOD_LABELS: ReadonlySet<string> = new Set(MOODS.map((mood) => mood.label));
export const privateImportMood = (mood: string | null) =>
  mood !== null && MOOD_LABELS.has(mood) ? mood : null;

export const PRIVATE_IMPORT_MESSAGES = {
  attachmentsSealed:
    'Photos, voice notes, videos and PDFs come in with their entries, each checked and encrypted in this browser before it is sent. Files Daybook cannot keep (HEIC photos, files over the size or length limits) are listed by name before anything is written.',
  attachmentLeftOut: (label: string, reason: string) => `${label}: ${reason}`,
  /** A file that is not what it claims, or a blocked photo: the server import refuses its archive; this one stops. */
  attachmentRefused: (file: string, message: string) =>
    `${file}: ${message} The import stopped at this file: what it wrote before stays in "Your imports", to remove or to go on with by choosing the archive again.`,
  tooLong: 'It is too long to import (more than 20 entries of 5,000 characters).',
  future: 'It is dated in the future.',
  empty: 'It has no text and no attachment that can be imported.',
  onlyPrivate:
    'This import is for private-mode accounts, whose browser seals each entry. Your account imports through the upload above.',
  sameNameTwice: 'Two entries of this upload have the same identity. Each entry is sent once.',
  futureDate: 'An entry of this upload is dated in the future. Imported entries are from the past.',
} as const;

export type PrivateImportPlan =
  | {
      parts: { text: string; label: string; createdAt: Date; updatedAt: Date; index: number }[];
      skipped: ImportSkip[];
    }
  | { parts: null; skipped: ImportSkip[] };

/**
 * What one candidate becomes in a private-mode import: its parts' texts and times, as the server import writes them
 * (ADR 070's split, a millisecond apart, newest first reading in order), and what is left out. `marks` maps Day One's
 * references to the attachments that come in to their marks (arrangeImportAttachments); a reference to one that did
 * not come in goes, as on the server. An entry with attachments coming in is kept even without text.
 */
export function privateImportPlan(
  candidate: ImportCandidate,
  now: Date,
  attachments: { marks: ReadonlyMap<string, string>; count: number } = { marks: new Map(), count: 0 },
): PrivateImportPlan {
  const skipped: ImportSkip[] = [...candidate.skipped];
  const skipEntry = (reason: string): PrivateImportPlan => ({
    parts: null,
    skipped: [...skipped, { item: candidate.label, reason }],
  });
  if (candidate.createdAt.getTime() > now.getTime()) return skipEntry(PRIVATE_IMPORT_MESSAGES.future);
  const placed = candidate.hasMoments
    ? placeDayOneMoments(candidate.text, (identifier) => attachments.marks.get(identifier) ?? null)
    : candidate.text;
  const text = importedText(placed, candidate.tags);
  if (!text.parts) return skipEntry(PRIVATE_IMPORT_MESSAGES.tooLong);
  if (attachments.count === 0 && !text.parts.some((part) => part.trim()))
    return skipEntry(PRIVATE_IMPORT_MESSAGES.empty);
  return {
    skipped,
    parts: text.parts.map((part, index) => {
      const createdAt = new Date(candidate.createdAt.getTime() - index);
      return {
        text: part,
        index,
        label:
          text.parts.length > 1
            ? `${candidate.label} ${partMark(index + 1, text.parts.length)}`
            : candidate.label,
        createdAt,
        updatedAt: index === 0 ? candidate.updatedAt : createdAt,
      };
    }),
  };
}
