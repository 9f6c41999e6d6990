/*
 * Whose subscription an event may change (ADR 060): the owner we stored wins over the user an event names, and an
 * event naming someone else is acknowledged, reported and never applied. Apart because every kind of event asks it.
 */
import type { ProviderEvent } from '../../infra/payments/provider.ts';
import type { BillingRepository } from './repository.ts';

/** What brought a subscription state: a provider event, or the provider's answer to a call of ours (no event). */
export type Origin = { eventId: string | null; eventType: string };
export const originOf = (event: ProviderEvent): Origin => ({ eventId: event.id, eventType: event.type });

export function createEventOwners(log: { warn(details: object, message: string): void }) {
  /**
   * Whose an event's subscription is (ADR 060). What we stored wins: the owner of the subscription id, else of the
   * customer. The user an event names (`metadata.userId`, a checkout's `client_reference_id`), which anyone able to
   * edit the object in Stripe could set, counts only when nothing is stored yet: the first events of a first
   * checkout. An event naming someone other than the stored owner is a conflict, and changes nothing.
   */
  async function ownerOf(
    repo: BillingRepository,
    ids: { subscription: string | null; customer: string | null },
    namedUserId: string | null,
  ): Promise<{ userId: string } | { userId: null; storedUserId?: string }> {
    const stored =
      (ids.subscription ? await repo.userOfSubscription(ids.subscription) : null) ??
      (ids.customer ? await repo.userOfCustomer(ids.customer) : null);
    if (stored) {
      if (namedUserId && namedUserId !== stored) return { userId: null, storedUserId: stored };
      return { userId: stored };
    }
    return namedUserId && (await repo.userExists(namedUserId)) ? { userId: namedUserId } : { userId: null };
  }

  /**
   * The owner an event may change, or null. A conflict is acknowledged (Stripe would otherwise retry it for days)
   * and left for a person to look at: a warning with the ids, never applied to either account.
   */
  async function ownerForEvent(
    repo: BillingRepository,
    origin: Origin,
    ids: { subscription: string | null; customer: string | null },
    namedUserId: string | null,
  ): Promise<string | null> {
    const owner = await ownerOf(repo, ids, namedUserId);
    if (owner.userId === null && owner.storedUserId) {
      log.warn(
        {
          ...origin,
          subscriptionId: ids.subscription,
          customerId: ids.customer,
          storedUserId: owner.storedUserId,
          namedUserId,
        },
        'billing event names another user than the stored owner of its subscription; acknowledged, not applied',
      );
    }
    return owner.userId;
  }

  return { ownerForEvent };
}
export type EventOwners = ReturnType<typeof createEventOwners>;
