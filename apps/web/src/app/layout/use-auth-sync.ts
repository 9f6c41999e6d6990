import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { subscribeToAuthBroadcasts } from '../../lib/session/auth-channel.ts';
import { clearUserData, SESSION_QUERY_KEY } from '../../lib/session/session-state.ts';

/** Follows sign-ins and sign-outs made in the browser's other tabs. */
export function useAuthSync(): void {
  const client = useQueryClient();
  const navigate = useNavigate();

  useEffect(
    () =>
      subscribeToAuthBroadcasts((message) => {
        if (message.type === 'signed-out') {
          clearUserData(client);
          void navigate('/login');
        } else {
          void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        }
      }),
    [client, navigate],
  );
}
