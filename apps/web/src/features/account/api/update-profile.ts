import { api, type Profile, type UpdateProfileInput } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { PROFILE_QUERY_KEY } from '../../../lib/profile.ts';
import { SESSION_QUERY_KEY } from '../../../lib/session/session-state.ts';

export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return callApi(api.account.updateProfile, { body: input });
}

/** Saves name or time zone; the header's name and the profile page update from the answer. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      client.setQueryData(PROFILE_QUERY_KEY, profile);
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
