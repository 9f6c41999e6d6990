import { api } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadToApi } from '../../../lib/api-client.ts';
import { PROFILE_QUERY_KEY } from '../../../lib/profile.ts';
import { SESSION_QUERY_KEY } from '../../../lib/session/session-state.ts';

type UploadAvatarInput = { file: Blob; onProgress?: (fraction: number) => void };

/** PUT the image itself as the body (its type as Content-Type), reporting progress. */
export function uploadAvatar({ file, onProgress }: UploadAvatarInput) {
  return uploadToApi(api.account.uploadAvatar, {
    body: file,
    ...(onProgress ? { onProgress } : {}),
  });
}

export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
