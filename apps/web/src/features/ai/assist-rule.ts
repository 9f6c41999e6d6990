/** Spec §5: AI Assist needs at least 10 characters that are not blank. */
export const ASSIST_MIN_CHARACTERS = 10;
export const ASSIST_TOO_SHORT = 'Type a little more to use AI Assist.';

/** The characters of `text` that are not white space. */
export function nonBlankLength(text: string): number {
  return text.replace(/\s/gu, '').length;
}

export function canUseAssist(text: string): boolean {
  return nonBlankLength(text) >= ASSIST_MIN_CHARACTERS;
}
