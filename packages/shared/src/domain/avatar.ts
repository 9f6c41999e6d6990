import { AUTH_MESSAGES, AVATAR } from '../constants.ts';

/** The image types a profile picture may have (the API accepts these as the upload's Content-Type). */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type AvatarMimeType = (typeof AVATAR_MIME_TYPES)[number];

export function isAvatarMimeType(type: string): type is AvatarMimeType {
  return (AVATAR_MIME_TYPES as readonly string[]).includes(type.toLowerCase());
}

/** Why a file cannot be a profile picture, or null when it can: checked before any upload. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!isAvatarMimeType(file.type)) return AUTH_MESSAGES.avatarNotImage;
  if (file.size > AVATAR.maxBytes) return AUTH_MESSAGES.avatarTooLarge;
  return null;
}
