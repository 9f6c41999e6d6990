import { STORAGE_KEYS } from '../constants.ts';
import { readStoredString, removeStored, writeStoredString } from '../storage.ts';

/*
 * "Private mode" chosen on the register page (ADR 095). Registering does not sign in (the e-mail's link does, maybe
 * minutes later), so the choice waits in this browser, as the plan choice does (`registration_plan_choice`): the
 * signed-in shell then sends the person to set private mode up before the dashboard. Another browser opening the
 * link does not know it; the profile offers the same set-up.
 */

export const rememberRegistrationChoice = (isPrivate: boolean) => {
  if (isPrivate) writeStoredString(STORAGE_KEYS.registrationPrivateMode, 'private');
  else removeStored(STORAGE_KEYS.registrationPrivateMode);
};

export const isPrivateModeChosenAtRegistration = () =>
  readStoredString(STORAGE_KEYS.registrationPrivateMode) === 'private';

export const forgetRegistrationChoice = () => removeStored(STORAGE_KEYS.registrationPrivateMode);
