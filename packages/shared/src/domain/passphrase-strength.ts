import { PRIVATE_MODE } from '../private-mode-constants.ts';

/**
 * How strong a passphrase looks, for the hint beside the field (ADR 095): a guide, not a rule; the rules are the
 * length limits above. Counts words (runs of letters or digits) and characters: four or more words, or 20
 * characters, hold up against guessing far better than a short one.
 */
export type PassphraseStrength = 'too-short' | 'fair' | 'good' | 'strong';

export function passphraseStrength(passphrase: string): PassphraseStrength {
  const length = [...passphrase.normalize('NFC')].length;
  if (length < PRIVATE_MODE.passphraseMinLength) return 'too-short';
  const words = passphrase.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 2).length;
  if (words >= 5 || length >= 28) return 'strong';
  if (words >= 4 || length >= 20) return 'good';
  return 'fair';
}

export const PASSPHRASE_STRENGTH_HINTS: Record<PassphraseStrength, string> = {
  'too-short': `At least ${PRIVATE_MODE.passphraseMinLength} characters.`,
  fair: 'Fair: add another word or two that do not belong together.',
  good: 'Good: hard to guess, as long as it is not a line from a song or a book.',
  strong: 'Strong.',
};
