import {
  api,
  fromBase64,
  markdownToPlainText,
  openMediaInBrowser,
  openShareCopy,
  type ReceivedSharePage,
  SEALED_SHARE_MESSAGES,
  type SealedShareKeys,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  type ShareView,
  shareKeyContext,
  shareKeyFromFragment,
  shareMediaKey,
} from '@daybook/shared';
import { ApiRequestError, callApi } from '../../../lib/api-client.ts';

/*
 * A sealed share opened in the recipient's browser (ADR 103), loaded only when an answer holds one: the share key
 * from where this viewer may have it (wrapped to their public key, the private link's fragment, or for "E-mail it"
 * the server's answer), then the copy and its media. The view that results is the one the server sends for any
 * other share, so the viewer shows it as it shows every share.
 */

/** Said as the server says an unknown share: a link without its key, or with another one, opens nothing. */
const notFound = () =>
  new ApiRequestError({ status: 404, code: 'NOT_FOUND', message: SHARE_MESSAGES.notFound });

/** The share key this viewer holds, or null when they hold none. */
async function shareKeyOf(
  shareId: string,
  keys: SealedShareKeys,
  viewer: { userId?: string | undefined; fragment?: string | undefined },
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (keys.key) return fromBase64(keys.key);
  if (keys.wrappedKey && viewer.userId) {
    const { openForMe } = await import('../../../lib/key-pair/key-pair.ts');
    return new Uint8Array(await openForMe(viewer.userId, keys.wrappedKey, shareKeyContext(shareId)));
  }
  return viewer.fragment ? shareKeyFromFragment(viewer.fragment) : null;
}

/** The media container fetched through the share's link and opened into a page-local URL. */
async function openMedia(url: string, key: Uint8Array<ArrayBuffer>): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(SHARE_MESSAGES.mediaUnavailable);
  const plain = await openMediaInBrowser(await response.blob(), await shareMediaKey(key));
  return URL.createObjectURL(plain);
}

/**
 * The view with its entry filled from the sealed copy. In the app, a share whose key has not reached this account
 * yet says so; on the link page, no key or the wrong one is "Share not found or no longer available".
 */
export async function openSealedView(
  view: ShareView,
  viewer: { userId?: string | undefined; fragment?: string | undefined },
): Promise<ShareView> {
  const sealed = view.sealed;
  if (!sealed) return view;
  const key = await shareKeyOf(view.shareId, sealed, viewer);
  if (!key) {
    if (viewer.userId) throw new Error(SEALED_SHARE_MESSAGES.awaitingKey);
    if (sealed.sealing === 'account') throw new Error(SEALED_SHARE_MESSAGES.signInToRead);
    throw notFound();
  }
  let copy: Awaited<ReturnType<typeof openShareCopy>>;
  try {
    copy = await openShareCopy(key, view.shareId, sealed.copy);
  } catch {
    throw notFound();
  }
  const media = sealed.media
    ? await openMedia(sealed.media.url, key).then(
        (url) => ({ url, type: sealed.media!.type }),
        // The spec's "Media unavailable" shows where the media would be (a URL that does not load).
        () => ({ url: 'about:blank#media-unavailable', type: sealed.media!.type }),
      )
    : null;
  return {
    ...view,
    entry: { text: copy.text, moodTag: copy.moodTag, createdAt: sealed.createdAt, media },
  };
}

/**
 * The link page's sealed share: shared with an account, its recipient signed in here reads it with their own key as
 * in the app; otherwise the key is the link's fragment, read here and never sent anywhere.
 */
export async function openLinkView(
  view: ShareView,
  userId: string,
  signal?: AbortSignal,
): Promise<ShareView> {
  if (view.sealed?.sealing === 'account' && userId) {
    const inApp = await callApi(api.sharing.view, { params: { id: view.shareId }, signal }).catch(() => null);
    if (inApp?.sealed) return { ...(await openSealedView(inApp, { userId })), canRespond: false };
  }
  return openSealedView(view, { fragment: typeof window === 'undefined' ? '' : window.location.hash });
}

/** The bell's and /shared's sealed items with their preview and mood read from each copy; one that fails stays empty. */
export async function openSealedPreviews(
  page: ReceivedSharePage,
  userId: string,
): Promise<ReceivedSharePage> {
  const items = await Promise.all(
    page.items.map(async (item) => {
      if (!item.sealed) return item;
      try {
        const key = await shareKeyOf(item.id, item.sealed, { userId });
        if (!key) return item;
        const copy = await openShareCopy(key, item.id, item.sealed.copy);
        return {
          ...item,
          preview: markdownToPlainText(copy.text).slice(0, SHARE_LIMITS.previewChars),
          moodTag: copy.moodTag,
        };
      } catch {
        return item;
      }
    }),
  );
  return { ...page, items };
}
