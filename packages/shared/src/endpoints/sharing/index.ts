/** The sharing module's operations (apps/server/src/modules/sharing). */
export { awaitingWrap } from './awaiting-wrap.ts';
export { create } from './create.ts';
export { forEntry } from './for-entry.ts';
export { link } from './link.ts';
export { markViewed } from './mark-viewed.ts';
export { media } from './media.ts';
export { received } from './received.ts';
export { recipientKeys } from './recipient-keys.ts';
export { recipientWrap } from './recipient-wrap.ts';
export { report } from './report.ts';
export { resend } from './resend.ts';
export { revoke } from './revoke.ts';
export { sealedMedia } from './sealed-media.ts';
export { thankYou } from './thank-you.ts';
export { thankYouKey } from './thank-you-key.ts';
export { thankYouNote } from './thank-you-note.ts';
export { view } from './view.ts';
