/*
 * The media kinds' tables (docs/product: the spec's types and limits): the refusals by kind, the type a stored file
 * is served as, and the extension a sealed upload is stored under. Apart because they need no dependency: routes,
 * export and every part of the service read them (ADR 100).
 */
import { MEDIA_LIMITS, MEDIA_MESSAGES, type MediaType } from '@daybook/shared';

export const TOO_LARGE: Record<MediaType, string> = {
  image: MEDIA_MESSAGES.imageTooLarge,
  audio: MEDIA_MESSAGES.audioTooLarge,
  video: MEDIA_MESSAGES.videoTooLarge,
};
export const INVALID: Record<MediaType, string> = {
  image: MEDIA_MESSAGES.invalidImage,
  audio: MEDIA_MESSAGES.invalidAudio,
  video: MEDIA_MESSAGES.invalidVideo,
};

const EXTENSION_MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  webm: 'video/webm',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  aac: 'audio/aac',
  pdf: 'application/pdf',
};

/** The extension a sealed upload is stored under, from the type its browser declared (ADR 096). */
export const MIME_EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/aac': 'aac',
};

export const maxBytesFor = (type: MediaType) => MEDIA_LIMITS[type].maxBytes;
export const tooLargeMessage = (type: MediaType) => TOO_LARGE[type];

export function mimeForPath(storagePath: string, mediaType: string | null): string {
  const ext = storagePath.split('.').pop() ?? '';
  const mime = EXTENSION_MIME[ext] ?? 'application/octet-stream';
  return mediaType === 'audio' && mime.startsWith('video/') ? mime.replace('video/', 'audio/') : mime;
}
