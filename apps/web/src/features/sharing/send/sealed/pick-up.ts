import { api, sealToPublicKey, shareKeyContext } from '@daybook/shared';
import { callApi, isApiError, isNetworkFailure, isSessionGone } from '../../../../lib/api-client.ts';

/*
 * The pick-up of ADR 103: someone a private entry was shared with by private link has since made an account. At
 * the sender's next unlocked session, their browser opens each such share's key (wrapped to its own public key when
 * the share was made) and wraps it for the recipient's public key, so that the share opens in the recipient's app
 * as any other does. The server only relays: it never holds the key.
 */
export async function wrapAwaitingShares(userId: string): Promise<number> {
  const { items } = await callApi(api.sharing.awaitingWrap);
  if (items.length === 0) return 0;
  const { openForMe } = await import('../../../../lib/key-pair/key-pair.ts');
  let wrapped = 0;
  for (const item of items) {
    const context = shareKeyContext(item.shareId);
    const key = new Uint8Array(await openForMe(userId, item.keyForSender, context));
    const wrappedKey = await sealToPublicKey(item.recipientPublicKey, key, context);
    await callApi(api.sharing.recipientWrap, { params: { id: item.shareId }, body: { wrappedKey } });
    wrapped++;
  }
  return wrapped;
}

/**
 * wrapAwaitingShares for the signed-in shell: a failure is logged and the next unlocked session tries again; "not
 * now" (offline, the session gone, a server of the previous version without the route) is not even logged.
 */
export function wrapQuietly(userId: string): Promise<void> {
  return wrapAwaitingShares(userId).then(
    () => undefined,
    (error: unknown) => {
      if (isNetworkFailure(error) || isSessionGone(error) || isApiError(error, 'NOT_FOUND')) return;
      console.warn('Shares awaiting a recipient key were not wrapped yet:', error);
    },
  );
}
