import { api, NOTIFICATION_LIMITS, type ThankYouNote } from '@daybook/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useEntryCipher } from '../../lib/encryption/use-entry-cipher.ts';
import { notificationKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session/get-session.ts';
import { toast } from '../../lib/toast.ts';

/** docs/product/notifications.md#notifications-bell: stale after a minute, refetched every 60 s, never on focus. */
const notificationCache = {
  staleTime: NOTIFICATION_LIMITS.staleMs,
  refetchInterval: NOTIFICATION_LIMITS.refetchMs,
  refetchOnWindowFocus: false,
} as const;

/** The bell: the latest 5 and the unread count. */
export const notificationSummaryQueryOptions = queryOptions({
  queryKey: notificationKeys.summary(),
  queryFn: ({ signal }) => callApi(api.notifications.summary, { signal }),
  ...notificationCache,
});

export function useNotificationSummary() {
  return useQuery(notificationSummaryQueryOptions);
}

/** /notifications: page 0-based, 20 a page, newest first. */
export function notificationPageQueryOptions(page: number, pageSize: number = NOTIFICATION_LIMITS.pageSize) {
  return queryOptions({
    queryKey: notificationKeys.page(page, pageSize),
    queryFn: ({ signal }) => callApi(api.notifications.list, { query: { page, pageSize }, signal }),
    ...notificationCache,
    placeholderData: (previous) => previous,
  });
}

export function useNotificationPage(page: number) {
  return useQuery(notificationPageQueryOptions(page));
}

/** Every notification mutation ends by refreshing the bell and the page. */
function useNotificationMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onError: (error) => toast.error(error.message),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkNotificationRead() {
  return useNotificationMutation((id: string) => callApi(api.notifications.read, { params: { id } }));
}

export function useMarkAllNotificationsRead() {
  return useNotificationMutation(() => callApi(api.notifications.readAll));
}

export function useDeleteNotification() {
  return useNotificationMutation((id: string) => callApi(api.notifications.remove, { params: { id } }));
}

export function fetchThankYouNote(id: string, signal?: AbortSignal): Promise<ThankYouNote> {
  return callApi(api.sharing.thankYouNote, { params: { id }, signal });
}

/** A note sealed to this account's key pair (ADR 102), opened with its private half; the key pair's code loads here. */
async function openSealedNote(userId: string, note: ThankYouNote): Promise<string> {
  // With the key pair's code, not the bell's: the shared sealing module would otherwise load with every page.
  const { openForMe, thankYouSealContext } = await import('../../lib/key-pair/key-pair.ts');
  const bytes = await openForMe(userId, note.encryptedMessage, thankYouSealContext(note.shareId ?? ''));
  return new TextDecoder().decode(bytes);
}

/**
 * The text of a thank-you note, opened here: sealed to this account's key pair by the recipient's browser (ADR 102),
 * or, for notes from before it or to an author without a pair, encrypted by the server with the user's own key.
 * docs/product/sharing.md#sharing-thank-you: a note that cannot be fetched or decrypted shows nothing, so this answers `null` rather than failing.
 */
export function useThankYouText(thankYouId: string | undefined) {
  const { user } = useSession();
  const { support, decrypt } = useEntryCipher();
  return useQuery({
    // Outside the notifications root: a live event need not fetch an unchanging note again.
    queryKey: ['thank-you-notes', user?.id, thankYouId],
    queryFn: async ({ signal }) => {
      try {
        const note = await fetchThankYouNote(thankYouId ?? '', signal);
        if (note.format === 'sealed') return await openSealedNote(user?.id ?? '', note);
        const opened = await decrypt({
          encryptedContent: note.encryptedMessage,
          encryptionIv: note.encryptionIv,
        });
        return opened.isDecryptionFailed ? null : opened.text;
      } catch {
        return null;
      }
    },
    // The key is the signed-in user's: wait for the session, or decryption would fail for want of a user.
    enabled: Boolean(thankYouId && user) && support.isAvailable,
    // A note never changes once written.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
