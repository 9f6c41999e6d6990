import { api, type ChangeEmailInput, type OkResponse } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** Sends a confirmation link to the new address; the change happens when it is followed. */
export function changeEmail(input: ChangeEmailInput): Promise<OkResponse> {
  return callApi(api.account.changeEmail, { body: input });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
