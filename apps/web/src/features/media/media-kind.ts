import type { MediaKind } from '@daybook/shared';

/** An entry's content type as the API gives it (spec §3: text, image, audio, video). */
export type EntryContentType = 'text' | MediaKind | (string & {});

export const isMediaKind = (value: unknown): value is MediaKind =>
  value === 'image' || value === 'audio' || value === 'video';
