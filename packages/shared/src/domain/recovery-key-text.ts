import { PRIVATE_MODE } from '../private-mode-constants.ts';

/**
 * The recovery key as the `.txt` file the set-up offers to download (ADR 095): the 24 words numbered, one a line,
 * with what they are for. Anyone who holds this file can open the journal, and the file says so.
 */
export function recoveryKeyText(words: readonly string[], account: string, createdAt: Date): string {
  if (words.length !== PRIVATE_MODE.recoveryWords)
    throw new Error(`A recovery key is ${PRIVATE_MODE.recoveryWords} words`);
  return [
    `Daybook recovery key for ${account}`,
    `Created ${createdAt.toISOString().slice(0, 10)}.`,
    'These 24 words open your private journal if you forget your passphrase. Nobody else holds them, Daybook',
    'included: lose both them and your passphrase and your private entries cannot be read again.',
    'Keep this somewhere safe and offline (printed, or in a password manager). Anyone who has it can read your journal.',
    '',
    ...words.map((word, index) => `${String(index + 1).padStart(2, ' ')}. ${word}`),
    '',
  ].join('\n');
}
