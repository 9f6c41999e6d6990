import { createSharingContext, type SharingDeps } from './context.ts';
import { createShareExpiryService } from './expiry.ts';
import { createShareRecipientService } from './recipient.ts';
import { createShareReportService } from './reports.ts';
import { createSealedShares } from './sealed-shares.ts';
import { createShareSenderService } from './sender.ts';
import { createShareThankYouService } from './thank-you.ts';

/*
 * Sharing, one service per audience (ADR 100): the sender (sender.ts), the recipient (recipient.ts, and its
 * thank-you notes, thank-you.ts, ADR 102), the
 * admin area's reports (reports.ts) and the expiry job (expiry.ts), over one context (context.ts) that holds what
 * they read alike; a private entry's sealed shares (sealed-shares.ts, ADR 103) beside them. Routes and jobs see one
 * service, as before.
 */
export function createSharingService(deps: SharingDeps) {
  const ctx = createSharingContext(deps);
  const sealed = createSealedShares(ctx);
  return {
    ...createShareSenderService(ctx, sealed),
    ...createShareRecipientService(ctx),
    ...createShareThankYouService(ctx),
    ...createShareReportService(ctx, sealed),
    ...createShareExpiryService(ctx, sealed),
    recipientKeys: sealed.recipientKeys,
    putSealedMedia: sealed.putSealedMedia,
    awaitingWraps: sealed.awaitingWraps,
    wrapForRecipient: sealed.wrapForRecipient,
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
