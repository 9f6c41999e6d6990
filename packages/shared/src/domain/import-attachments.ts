import { MEDIA_LIMITS, MEDIA_MESSAGES } from '../constants.ts';
import type { MediaType } from '../schemas/media.ts';
import { ATTACHMENT_NAMES } from './import-records.ts';
import { attachmentMark } from './import-text.ts';

/*
 * The rules an imported attachment meets, the server's import (ADR 088) and a private account's browser import
 * (ADR 099) alike: the size each kind may have, and the order an entry's attachments take (the first photo, voice
 * note or video is the entry's own file, the rest follow as its gallery, each Day One reference becoming its mark).
 */

const TOO_LARGE: Record<MediaType | 'pdf', string> = {
  image: MEDIA_MESSAGES.imageTooLarge,
  audio: MEDIA_MESSAGES.audioTooLarge,
  video: MEDIA_MESSAGES.videoTooLarge,
  pdf: MEDIA_MESSAGES.pdfTooLarge,
};

/** The largest file of a kind: image 5 MB, audio 25 MB, video 100 MB, an imported PDF 25 MB. */
export const importAttachmentMaxBytes = (type: MediaType | 'pdf') => MEDIA_LIMITS[type].maxBytes;

/** Why an attachment of this size cannot come in, or null; checked from the zip's directory before it is read. */
export function importAttachmentSizeProblem(type: MediaType | 'pdf', size: number): string | null {
  return size > importAttachmentMaxBytes(type) ? TOO_LARGE[type] : null;
}

/** The size message of a kind (the server's media checks give the same). */
export const importAttachmentTooLarge = (type: MediaType | 'pdf') => TOO_LARGE[type];

export type StagedImportAttachment = { type: MediaType | 'pdf'; identifier?: string | undefined };

/**
 * An entry's staged attachments in the entry's order, arranged as ADR 088 stores them: the first that is not a PDF
 * becomes the entry's own file (`main`), the others its further attachments; `marks` maps each Day One identifier to
 * its mark, numbered as the card's gallery numbers them (the main file 1).
 */
export function arrangeImportAttachments<T extends StagedImportAttachment>(staged: readonly T[]) {
  const mainIndex = staged.findIndex((attachment) => attachment.type !== 'pdf');
  const ordered =
    mainIndex < 0 ? [...staged] : [staged[mainIndex]!, ...staged.filter((_, i) => i !== mainIndex)];
  const main = mainIndex < 0 ? null : staged[mainIndex]!;
  const further = mainIndex < 0 ? ordered : ordered.slice(1);
  const marks = new Map(
    ordered.flatMap((attachment, index) =>
      attachment.identifier
        ? [[attachment.identifier, attachmentMark(ATTACHMENT_NAMES[attachment.type], index + 1)] as const]
        : [],
    ),
  );
  return { main, further, ordered, marks };
}

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  webm: 'video/webm',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
};

/**
 * The MIME type an archive's attachment is stored under, from its extension and kind (Day One writes `.m4a` for
 * `aac`, `.mov`/`.mp4` for videos, ADR 088); null for one no browser can show here (HEIC), left out by name.
 * A webm or mp4 holding sound alone is audio.
 */
export function importAttachmentMime(file: string, type: MediaType | 'pdf'): string | null {
  const mime = MIME_BY_EXTENSION[file.split('.').pop()?.toLowerCase() ?? ''];
  if (!mime) return null;
  if (type === 'audio' && mime.startsWith('video/') && mime !== 'video/quicktime')
    return mime.replace('video/', 'audio/');
  const kind = mime === 'application/pdf' ? 'pdf' : (mime.split('/')[0] as string);
  return kind === type ? mime : null;
}
