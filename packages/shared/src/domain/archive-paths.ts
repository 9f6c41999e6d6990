/*
 * The Daybook archive's version, folders and file names (ADR 035), re-exported by schemas/archive.ts with the
 * schemas. Kept free of zod: domain/archive.ts builds on them, and importing the schema module from there split
 * a shared module out of the web app's first chunk (ADR 020 budgets).
 */
import { APP_NAME } from '../constants.ts';

/** The version of `entries.json`. Readers refuse a version newer than theirs with a clear message. */
export const ARCHIVE_SCHEMA_VERSION = 1;

/** Paths inside the archive. Folders end with a slash; everything uses forward slashes (zip convention). */
export const ARCHIVE_LAYOUT = {
  manifest: 'entries.json',
  readme: 'README.md',
  entriesDir: 'entries/',
  mediaDir: 'media/',
} as const;

/** The archive's file name offered for download: daybook-export-2026-11-22.zip. */
export function archiveFileName(exportedOn: string): string {
  return `${APP_NAME.toLowerCase()}-export-${exportedOn}.zip`;
}

/** The Markdown file of an entry: entries/2026-11-22-<id>.md (sorts by date in any file browser). */
export function archiveMarkdownPath(entryDate: string, id: string): string {
  return `${ARCHIVE_LAYOUT.entriesDir}${entryDate}-${id}.md`;
}

/** The media file of an entry: media/<id>.<ext>, the extension taken from the stored file. */
export function archiveMediaPath(id: string, extension: string): string {
  const ext = extension.replace(/^\.+/, '').toLowerCase();
  return `${ARCHIVE_LAYOUT.mediaDir}${id}${ext ? `.${ext}` : ''}`;
}

/** An imported entry's further attachment (ADR 088): media/<id>-<n>.<ext>, n its place in the entry (2, 3, …). */
export function archiveAttachmentPath(id: string, number: number, extension: string): string {
  return archiveMediaPath(`${id}-${number}`, extension);
}
