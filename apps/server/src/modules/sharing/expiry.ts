import { queueLiveEvent } from '../../db/live-events.ts';
import type { SharingContext } from './context.ts';
import type { SealedShares } from './sealed-shares.ts';

const EXPIRY_BATCH = 500;

/** The expiry job's half of sharing. */
export function createShareExpiryService(ctx: SharingContext, sealed: SealedShares) {
  const { db, clock } = ctx;
  return {
    /**
     * The expiry job: marks shares past their date expired, drops sealed shares' copies, and tells registered
     * recipients' open tabs.
     */
    async expireDue(): Promise<number> {
      const { count, files } = await db.transaction(async (tx) => {
        const expired = await ctx.scoped(tx).expireDue(clock.now(), EXPIRY_BATCH);
        for (const share of expired) {
          if (share.recipientUserId) {
            await queueLiveEvent(tx, share.recipientUserId, { type: 'received-share', id: share.id });
          }
        }
        // An expired sealed share keeps no copy and no wrapped key (ADR 103).
        const files = await sealed.dropSealed(
          tx,
          expired.map((share) => share.id),
        );
        return { count: expired.length, files };
      });
      await sealed.removeFiles(files);
      return count;
    },
  };
}
