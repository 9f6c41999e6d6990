import { OkResponse } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Always the same answer, whether or not the address has an account. */
export function forgotPassword(email: string): Promise<OkResponse> {
  return apiRequest('/api/auth/forgot-password', { method: 'POST', body: { email }, schema: OkResponse });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
