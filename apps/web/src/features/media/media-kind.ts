import type { MediaKind } from '@daybook/shared';

/** An entry's content type as the API gives it (docs/product/media.md#media-checks: text, image, audio, video). */
export type EntryContentType = 'text' | MediaKind | (string & {});

export const isMediaKind = (value: unknown): value is MediaKind =>
  value === 'image' || value === 'audio' || value === 'video';
