import { type ChangeEmailInput, OkResponse } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sends a confirmation link to the new address; the change happens when it is followed. */
export function changeEmail(input: ChangeEmailInput): Promise<OkResponse> {
  return apiRequest('/api/me/email', { method: 'POST', body: input, schema: OkResponse });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
