import { type SessionUser, type SignInInput, SignInResponse } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { broadcastAuth } from '../../../lib/session/auth-channel.ts';
import { setSessionUser } from '../../../lib/session/session-state.ts';

export async function signIn(input: SignInInput): Promise<SessionUser> {
  const { user } = await apiRequest('/api/auth/sign-in', {
    method: 'POST',
    body: input,
    schema: SignInResponse,
  });
  return user;
}

/** Signs in and makes the new session known to this tab and the others. */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      setSessionUser(client, user);
      broadcastAuth({ type: 'signed-in' });
    },
  });
}
