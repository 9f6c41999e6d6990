import { api, type Profile } from '@daybook/shared';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client.ts';
import { STORAGE_KEYS } from '../constants.ts';
import { PROFILE_QUERY_KEY } from '../profile.ts';
import { readStoredString, removeStored, writeStoredString } from '../storage.ts';

/*
 * "Private mode" chosen on the register page (ADR 095). Registering does not sign in (the e-mail's link does, maybe
 * minutes later), so the choice waits in this browser, as the plan choice does (`registration_plan_choice`), and
 * with the account (the profile's `isPrivateModeChosen`), so that another browser signing in first knows it too:
 * the signed-in shell then sends the person to set private mode up before the dashboard.
 */

export const rememberRegistrationChoice = (isPrivate: boolean) => {
  if (isPrivate) writeStoredString(STORAGE_KEYS.registrationPrivateMode, 'private');
  else removeStored(STORAGE_KEYS.registrationPrivateMode);
};

export const isPrivateModeChosenAtRegistration = () =>
  readStoredString(STORAGE_KEYS.registrationPrivateMode) === 'private';

/**
 * Set up or declined: neither this browser nor the account offers the set-up again. The server's copy is told
 * without waiting; should that fail, the set-up page is offered once more, where "Not now" is one click.
 */
export const forgetRegistrationChoice = (client: QueryClient) => {
  removeStored(STORAGE_KEYS.registrationPrivateMode);
  client.setQueryData<Profile>(
    PROFILE_QUERY_KEY,
    (profile) => profile && { ...profile, isPrivateModeChosen: false },
  );
  void callApi(api.account.forgetPrivateModeChoice).catch(() => undefined);
};
