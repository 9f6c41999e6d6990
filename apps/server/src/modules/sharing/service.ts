import { createSharingContext, type SharingDeps } from './context.ts';
import { createShareExpiryService } from './expiry.ts';
import { createShareRecipientService } from './recipient.ts';
import { createShareReportService } from './reports.ts';
import { createShareSenderService } from './sender.ts';
import { createShareThankYouService } from './thank-you.ts';

/*
 * Sharing, one service per audience (ADR 100): the sender (sender.ts), the recipient (recipient.ts, and its
 * thank-you notes, thank-you.ts, ADR 102), the
 * admin area's reports (reports.ts) and the expiry job (expiry.ts), over one context (context.ts) that holds what
 * they read alike. Routes and jobs see one service, as before.
 */
export function createSharingService(deps: SharingDeps) {
  const ctx = createSharingContext(deps);
  return {
    ...createShareSenderService(ctx),
    ...createShareRecipientService(ctx),
    ...createShareThankYouService(ctx),
    ...createShareReportService(ctx),
    ...createShareExpiryService(ctx),
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
