/*
 * Where the unlock prompt is (ADR 095): the card at the top of the signed-in pages, or the profile's section. A
 * locked entry's notice links here, so the entries feature needs no import of private mode's screens.
 */

export const UNLOCK_PROMPT_ID = 'unlock-journal';
/** Marks the unlock prompt's passphrase field (its id is its label's). */
export const UNLOCK_PASSPHRASE_ATTRIBUTE = 'data-unlock-passphrase';

export const unlockPassphraseField = () =>
  document.querySelector<HTMLInputElement>(`[${UNLOCK_PASSPHRASE_ATTRIBUTE}]`);

/** Scrolls to the unlock prompt and puts the cursor in its passphrase field; false when none is on the page. */
export function focusUnlockPrompt(): boolean {
  const field = unlockPassphraseField();
  if (!field) return false;
  (document.getElementById(UNLOCK_PROMPT_ID) ?? field).scrollIntoView?.({
    block: 'start',
    behavior: 'smooth',
  });
  field.focus({ preventScroll: true });
  return true;
}
