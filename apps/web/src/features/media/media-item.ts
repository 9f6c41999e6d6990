import {
  api,
  captionOf,
  type Entry,
  type EntryAttachment,
  entryTimeZone,
  mediaDownloadName,
  type PixelSize,
} from '@daybook/shared';
import { apiUrl } from '../../lib/api-client.ts';
import { entryMediaUrlPath } from './api/get-media-url.ts';
import { entryThumbnailUrlPath } from './api/get-thumbnail-url.ts';
import type { EntryContentType } from './media-kind.ts';

/**
 * One attachment, as the media feature shows it wherever it sits: an entry's card, an imported entry's gallery
 * (one item per attachment). It names where its links are asked for, so any route that answers `SignedMediaUrl`
 * and `SignedThumbnailUrl` can feed it (ADR 086).
 */
export type MediaItem = {
  /** Unique among the items shown together (an entry's id for its one attachment). */
  key: string;
  kind: EntryContentType;
  /** The API path that answers its signed link (`SignedMediaUrl`), asked once it is shown. */
  urlPath: string;
  /** The API path that answers its thumbnail's or poster's link (`SignedThumbnailUrl`); null when it has none. */
  thumbnailPath: string | null;
  /** That thumbnail's size when known: the frame is drawn at its aspect before anything loads. */
  thumbnailSize: PixelSize | null;
  /** The name a download is saved under ("daybook-2026-11-28-1504.jpg", `mediaDownloadName`). */
  fileName: string;
  /** Its name among several ("Photo 2", as the text's marks say, ADR 088); the kind's own name when alone. */
  label?: string | undefined;
};

/** When and where the entry was written, and its words: what the viewer shows beside the media. */
export type MediaContext = {
  /** The entry's instant (ISO). */
  writtenAt: string;
  /** The zone it is told in (ADR 066); undefined: this browser's. */
  timeZone?: string | undefined;
  /** The entry's first line as read, cut at 200 characters (`captionOf`); empty for none. */
  caption: string;
};

type EntryWithMedia = Pick<
  Entry,
  'id' | 'contentType' | 'mediaUrl' | 'hasThumbnail' | 'thumbnailSize' | 'createdAt' | 'timeZone'
>;

export type EntryMediaPreviewProps = {
  entry: EntryWithMedia & {
    /** The entry's text as decrypted in the browser: the viewer's caption is its first line. */
    text: string;
    isDecryptionFailed?: boolean;
  };
  /** The account's zone, for an entry written before zones were kept (ADR 066). */
  accountZone?: string | undefined;
  /** The viewer's title; "Media Viewer" by default. */
  viewerTitle?: string | undefined;
  className?: string | undefined;
};

/**
 * An entry's own attachment as an item. A photo always has a thumbnail (the server makes a missing one on
 * request, ADR 044); a video has its poster only when its browser sent one.
 */
export function entryMediaItem(entry: EntryWithMedia, accountZone?: string): MediaItem {
  const hasThumbnail = entry.contentType === 'image' || (entry.contentType === 'video' && entry.hasThumbnail);
  const zone = accountZone ? entryTimeZone(entry, accountZone) : (entry.timeZone ?? undefined);
  return {
    key: entry.id,
    kind: entry.contentType,
    urlPath: entryMediaUrlPath(entry.id),
    thumbnailPath: hasThumbnail ? entryThumbnailUrlPath(entry.id) : null,
    thumbnailSize: entry.thumbnailSize ?? null,
    fileName: mediaDownloadName(entry.createdAt, zone, entry.mediaUrl),
  };
}

/** Where one of an imported entry's further attachments (ADR 088) answers its signed links. */
export const attachmentPath = (entryId: string, attachmentId: string, link: 'media-url' | 'thumbnail-url') =>
  apiUrl(link === 'media-url' ? api.media.attachmentUrl : api.media.attachmentThumbnailUrl, {
    params: { id: entryId, attachmentId },
  });

/**
 * One of an imported entry's further attachments as an item. Its size is not known before its thumbnail loads,
 * and its stored name is not sent: its download is named by the entry's time and its place ("…-1504-2").
 */
export function attachmentMediaItem(
  entry: Pick<Entry, 'id' | 'createdAt' | 'timeZone'>,
  attachment: EntryAttachment,
  accountZone?: string,
): MediaItem {
  const zone = accountZone ? entryTimeZone(entry, accountZone) : (entry.timeZone ?? undefined);
  return {
    key: attachment.id,
    kind: attachment.contentType,
    urlPath: attachmentPath(entry.id, attachment.id, 'media-url'),
    thumbnailPath: attachment.hasThumbnail ? attachmentPath(entry.id, attachment.id, 'thumbnail-url') : null,
    thumbnailSize: null,
    fileName: `${mediaDownloadName(entry.createdAt, zone, null)}-${attachment.number}`,
  };
}

/** The viewer's date and caption for an entry (its text as decrypted in the browser). */
export function entryMediaContext(
  entry: Pick<Entry, 'createdAt' | 'timeZone'> & { text: string; isDecryptionFailed?: boolean },
  accountZone?: string,
): MediaContext {
  return {
    writtenAt: entry.createdAt,
    timeZone: accountZone ? entryTimeZone(entry, accountZone) : (entry.timeZone ?? undefined),
    caption: entry.isDecryptionFailed ? '' : captionOf(entry.text),
  };
}
