import { type Currency, DEFAULT_CURRENCY, MESSAGES, type Price, type PricingResponse } from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';
import type { createPricingRepository } from './repository.ts';

type PricingRepository = ReturnType<typeof createPricingRepository>;

export function createPricingService(repository: PricingRepository) {
  return {
    /** Premium's monthly and annual prices in the requested currency, or in GBP when it has none (docs/product/plans-billing.md#plans-pricing). */
    async premiumPricing(requested?: Currency): Promise<PricingResponse> {
      const plan = await repository.findActivePlanByName('Premium');
      if (!plan) throw new AppError('PLAN_NOT_FOUND', MESSAGES.premiumPlanNotFound);

      let prices = requested ? await repository.activePrices(plan.id, requested) : [];
      if (!prices.some((p) => p.interval === 'month'))
        prices = await repository.activePrices(plan.id, DEFAULT_CURRENCY);
      const monthly = prices.find((p) => p.interval === 'month');
      if (!monthly) throw new AppError('NO_PRICING_DATA', MESSAGES.noPricingData);
      const annual = prices.find((p) => p.interval === 'year') ?? null;

      return {
        planId: plan.id,
        planName: plan.name,
        currency: monthly.currency as Currency,
        requestedCurrency: requested,
        monthly: monthly as Price,
        annual: annual as Price | null,
      };
    },
  };
}
