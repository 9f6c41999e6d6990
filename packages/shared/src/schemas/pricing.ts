import { z } from 'zod';
import { BILLING_INTERVALS, CURRENCIES } from '../constants.ts';

export const Currency = z.enum(CURRENCIES);
export type Currency = z.infer<typeof Currency>;
export const BillingInterval = z.enum(BILLING_INTERVALS);
export type BillingInterval = z.infer<typeof BillingInterval>;

export const PricingQuery = z.object({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(Currency)
    .optional()
    .meta({ description: 'Preferred currency; GBP is used when the plan has no price in it.' }),
});

export const Price = z.object({
  priceId: z.string(),
  amount: z.number().int().nonnegative().meta({ description: 'Minor units (pence, cents; yen for JPY)' }),
  currency: Currency,
  interval: BillingInterval,
});
export type Price = z.infer<typeof Price>;

export const PricingResponse = z
  .object({
    planId: z.string(),
    planName: z.string(),
    currency: Currency,
    requestedCurrency: Currency.optional(),
    monthly: Price,
    annual: Price.nullable(),
  })
  .meta({ id: 'PricingResponse' });
export type PricingResponse = z.infer<typeof PricingResponse>;
