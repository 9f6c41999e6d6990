import { queueLiveEvent } from '../../db/live-events.ts';
import type { SharingContext } from './context.ts';

const EXPIRY_BATCH = 500;

/** The expiry job's half of sharing. */
export function createShareExpiryService(ctx: SharingContext) {
  const { db, clock } = ctx;
  return {
    /** The expiry job: marks shares past their date expired and tells registered recipients' open tabs. */
    async expireDue(): Promise<number> {
      return db.transaction(async (tx) => {
        const expired = await ctx.scoped(tx).expireDue(clock.now(), EXPIRY_BATCH);
        for (const share of expired) {
          if (share.recipientUserId) {
            await queueLiveEvent(tx, share.recipientUserId, { type: 'received-share', id: share.id });
          }
        }
        return expired.length;
      });
    },
  };
}
