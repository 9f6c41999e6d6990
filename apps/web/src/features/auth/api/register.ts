import { type RegisterInput, RegisterResponse } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function register(input: RegisterInput): Promise<RegisterResponse> {
  return apiRequest('/api/auth/register', { method: 'POST', body: input, schema: RegisterResponse });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
