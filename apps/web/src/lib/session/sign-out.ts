import { AUTH_MESSAGES, api } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi, isSessionGone } from '../api-client.ts';
import { BRIEF_TOAST } from '../constants.ts';
import { waitForRenderedPath } from '../rendered-location.ts';
import { toast } from '../toast.ts';
import { broadcastAuth } from './auth-channel.ts';
import { clearUserData } from './session-state.ts';

export async function signOut(): Promise<void> {
  try {
    await callApi(api.auth.signOut);
  } catch (error) {
    // No session on the server any more: the person is signed out, which is what they asked for.
    if (isSessionGone(error)) return;
    throw error;
  }
}

/** Signs out, forgets the user's data, tells the other tabs and goes home. */
export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      broadcastAuth({ type: 'signed-out' });
      // Leave the signed-in page first, so that its guard, seeing no user, does not send us to /login.
      const isHomeRendered = waitForRenderedPath('/');
      await navigate('/');
      await isHomeRendered;
      clearUserData(client);
      toast.success(AUTH_MESSAGES.signedOut, BRIEF_TOAST);
    },
    onError: () => {
      toast.error(AUTH_MESSAGES.signOutFailed, BRIEF_TOAST);
    },
  });
}
