import { api, type RegisterInput, type RegisterResponse } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export function register(input: RegisterInput): Promise<RegisterResponse> {
  return callApi(api.auth.register, { body: input });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
