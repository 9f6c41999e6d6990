import { OkResponse, type ResetPasswordInput } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function resetPassword(input: ResetPasswordInput): Promise<OkResponse> {
  return apiRequest('/api/auth/reset-password', { method: 'POST', body: input, schema: OkResponse });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
