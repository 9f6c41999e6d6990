/**
 * The photos, voice notes and videos kept for reading offline (ADR 093), per user: 200 MB of sealed files, about
 * 400 photos as the app stores them, the least recently used removed first past it; a single file over a quarter
 * of that (a long video) is not kept, so that one file never pushes out every photo. A module of its own, not
 * lib/constants.ts: only the media copy and the storage page read it, and neither is in a page's first load.
 */
export const MEDIA_COPY_LIMITS = { maxBytes: 200 * 1024 * 1024, fileMaxBytes: 50 * 1024 * 1024 } as const;
