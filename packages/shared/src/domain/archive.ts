/*
 * The human-readable half of the Daybook archive (ADR 035): each entry's Markdown file and the README. The
 * machine-readable half is entries.json (schemas/archive.ts). Pure text building, shared so the server writes it
 * and tests and the importer can read it back the same way.
 */
import { APP_NAME } from '../constants.ts';
import type { ArchiveEntry } from '../schemas/archive.ts';
import {
  ARCHIVE_LAYOUT,
  ARCHIVE_SCHEMA_VERSION,
  archiveMarkdownPath,
  archiveMediaPath,
} from './archive-paths.ts';
import { extractHashtags } from './entry-search.ts';

/**
 * A YAML scalar for front matter. JSON strings are valid YAML double-quoted scalars, so quoting through
 * JSON.stringify keeps colons, `#`, quotes and line breaks in a mood or zone from breaking the block.
 */
const yamlString = (value: string) => JSON.stringify(value);
const yamlValue = (value: string | null) => (value === null ? 'null' : yamlString(value));

/** The extension of a stored file (`…/id.jpg` → `jpg`), or '' when it has none. */
export function storedExtension(storagePath: string): string {
  const name = storagePath.slice(storagePath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Where an entry's media goes in the archive, from the entry's id and its stored file's extension. */
export function archiveMediaPathFor(entryId: string, storagePath: string): string {
  return archiveMediaPath(entryId, storedExtension(storagePath));
}

const MEDIA_LABEL: Record<ArchiveEntry['contentType'], string> = {
  text: 'Attachment',
  image: 'Photo',
  audio: 'Audio recording',
  video: 'Video',
};

/** A path from the entries/ folder to a file at the archive's root level (media/… → ../media/…). */
const fromEntriesFolder = (archivePath: string) => `../${archivePath}`;

/**
 * One entry as Markdown: YAML front matter (date, time zone, mood, themes and the rest), a blank line, the text
 * as written, then a link to its media relative to the Markdown file, so it opens in any Markdown viewer.
 */
export function archiveMarkdown(entry: ArchiveEntry): string {
  const mediaLink = entry.media ? fromEntriesFolder(entry.media.path) : null;
  const frontMatter = [
    '---',
    `id: ${yamlString(entry.id)}`,
    `date: ${entry.entryDate}`,
    `timeZone: ${yamlString(entry.timeZone)}`,
    `created: ${entry.createdAt}`,
    `updated: ${entry.updatedAt}`,
    `mood: ${yamlValue(entry.moodTag)}`,
    `themes: [${entry.themes.map(yamlString).join(', ')}]`,
    ...(entry.title !== null ? [`title: ${yamlString(entry.title)}`] : []),
    ...(entry.category !== null ? [`category: ${yamlString(entry.category)}`] : []),
    `media: ${yamlValue(mediaLink)}`,
    '---',
  ].join('\n');
  const parts = [frontMatter, entry.text.trimEnd()];
  if (mediaLink) {
    const label = MEDIA_LABEL[entry.contentType];
    parts.push(entry.contentType === 'image' ? `![${label}](${mediaLink})` : `[${label}](${mediaLink})`);
  }
  // An imported entry's further attachments (ADR 088), each linked where any Markdown viewer opens it.
  for (const attachment of entry.attachments ?? []) {
    const link = fromEntriesFolder(attachment.path);
    const label = attachment.contentType === 'pdf' ? 'PDF' : MEDIA_LABEL[attachment.contentType];
    parts.push(attachment.contentType === 'image' ? `![${label}](${link})` : `[${label}](${link})`);
  }
  return `${parts.filter((part, i) => i === 0 || part !== '').join('\n\n')}\n`;
}

export type ArchiveReadmeInfo = {
  exportedAt: string;
  timeZone: string;
  range: { from: string | null; to: string | null } | null;
};

/** The README.md at the archive's root: what each file is, so the archive explains itself without Daybook. */
export function archiveReadme(info: ArchiveReadmeInfo): string {
  const { manifest, entriesDir, mediaDir } = ARCHIVE_LAYOUT;
  const range = info.range
    ? `Entries dated ${info.range.from ?? 'the first entry'} to ${info.range.to ?? 'the last entry'} (inclusive).`
    : 'Every entry in the journal.';
  return `# Your ${APP_NAME} journal

Exported ${info.exportedAt}. ${range}

Everything here is plain text or the original media files: you can read it without ${APP_NAME}, and
${APP_NAME} can import it again (Data & Export → Import).

## Layout

- \`README.md\` — this file.
- \`${manifest}\` — every entry with every field, for programs (schema version ${ARCHIVE_SCHEMA_VERSION}, below).
- \`${entriesDir}\` — one Markdown file per entry, named \`<date>-<id>.md\`, so they sort by date.
- \`${mediaDir}\` — the photo, audio recording or video of an entry, named \`<entry id>.<extension>\`,
  exactly as it was stored; an imported entry's further photos, recordings, videos and PDFs follow as
  \`<entry id>-2.<extension>\`, \`<entry id>-3.<extension>\` and so on.

## Markdown files

Each file starts with YAML front matter between \`---\` lines:

- \`id\` — the entry's id in ${APP_NAME}.
- \`date\` — the day the entry belongs to (yyyy-MM-dd), in the time zone below.
- \`timeZone\` — the IANA time zone the entry was written in; for entries from before ${APP_NAME} recorded
  it, the account's zone at export (${info.timeZone}).
- \`created\`, \`updated\` — when the entry was written and last changed (UTC).
- \`mood\` — the mood you chose, or null.
- \`themes\` — the hashtags in the text (#work), lower case.
- \`media\` — the relative link to the entry's media file, or null.

Then comes the text as you wrote it, and a link to the media file if there is one.

## ${manifest}

A JSON object:

- \`schemaVersion\` — ${ARCHIVE_SCHEMA_VERSION} for this layout. Later versions only add fields unless the number changes.
- \`app\` — "${APP_NAME}".
- \`exportedAt\` — when the archive was made (UTC).
- \`range\` — the date range asked for (\`from\`, \`to\`, inclusive, either may be null), or null for everything.
- \`entries\` — oldest first, each with \`id\`, \`text\` (decrypted), \`title\`, \`category\`, \`moodTag\`,
  \`themes\`, \`entryDate\`, \`timeZone\`, \`createdAt\`, \`updatedAt\`, \`contentType\` (text, image, audio,
  video), \`sourceType\`, \`media\` (\`path\` inside this archive, \`mimeType\`, \`sizeBytes\`, or null),
  \`markdownPath\` and \`importKey\` (where an imported entry came from, such as "dayone:" and Day One's id,
  or null for entries written in ${APP_NAME}), and for an imported entry with several attachments
  \`attachments\` (the further ones, each with \`path\`, \`mimeType\`, \`sizeBytes\` and \`contentType\`: image,
  audio, video or pdf). The text marks where an attachment sits with \`![Photo 2](attachment:2)\`, its
  number counting the entry's \`media\` as 1. Importing this archive into the account it came from adds nothing.

If the media file of an entry could not be read when the archive was made, its \`media\` is null and the
Markdown file has no link.

## Keep it safe

In ${APP_NAME} your entries are encrypted. This archive is not: anyone who has the file can read your journal.
`;
}

/**
 * What one exported entry is made of before its archive record: the stored fields with the text already opened
 * (by the server's key for a standard account, by the browser for a private one, ADR 099) and `timeZone` already
 * resolved (the entry's own, or the account's for entries from before zones were recorded, ADR 066).
 */
export type ArchiveSource = {
  id: string;
  text: string;
  title: string | null;
  category: string | null;
  moodTag: string | null;
  entryDate: string;
  timeZone: string;
  createdAt: string;
  updatedAt: string;
  contentType: ArchiveEntry['contentType'];
  sourceType: ArchiveEntry['sourceType'];
  importKey: string | null;
};

/**
 * The archive record of one entry (entries.json and its Markdown file). One function for the server's export and
 * the browser's (ADR 099), so both write the same fields in the same order and the archives are equal byte for byte.
 */
export function archiveEntryOf(
  source: ArchiveSource,
  media: ArchiveEntry['media'],
  attachments: NonNullable<ArchiveEntry['attachments']> = [],
): ArchiveEntry {
  return {
    id: source.id,
    text: source.text,
    title: source.title,
    category: source.category,
    moodTag: source.moodTag,
    themes: extractHashtags(source.text),
    entryDate: source.entryDate,
    timeZone: source.timeZone,
    createdAt: source.createdAt,
    updatedAt: source.updatedAt,
    contentType: source.contentType,
    sourceType: source.sourceType,
    media,
    markdownPath: archiveMarkdownPath(source.entryDate, source.id),
    importKey: source.importKey,
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

export type ArchiveManifestHeader = {
  exportedAt: string;
  range: { from: string | null; to: string | null } | null;
};

/**
 * entries.json in three pieces, so it can be written as a stream (the server, ADR 035) or built up in the browser
 * (ADR 099) and come out the same: the head up to the entries' list, each entry on its own line, and the end.
 */
export function archiveManifestHead(header: ArchiveManifestHeader): string {
  const head = {
    schemaVersion: ARCHIVE_SCHEMA_VERSION,
    app: APP_NAME,
    exportedAt: header.exportedAt,
    range: header.range,
  };
  return `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "entries": [`;
}

export const archiveManifestEntry = (entry: ArchiveEntry, isFirst: boolean) =>
  `${isFirst ? '' : ','}\n    ${JSON.stringify(entry)}`;

export const archiveManifestTail = (isEmpty: boolean) => `${isEmpty ? '' : '\n  '}]\n}\n`;
