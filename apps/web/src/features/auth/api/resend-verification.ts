import { OkResponse } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The same answer whether or not the address has an account. */
export function resendVerification(email: string): Promise<OkResponse> {
  return apiRequest('/api/auth/resend-verification', { method: 'POST', body: { email }, schema: OkResponse });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
