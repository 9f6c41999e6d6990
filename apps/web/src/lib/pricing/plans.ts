import {
  annualSavingPercent,
  type BillingInterval,
  formatMoney,
  type PricingResponse,
} from '@daybook/shared';
import { FALLBACK_PREMIUM_PRICE } from '../constants.ts';

export const STARTER_FEATURES = [
  '3 entries a day',
  'Text and image entries',
  'Mood tags, calendar and streaks',
  '2 AI insights and 1 coaching session a day',
  'Encrypted in your browser',
] as const;

/** The Premium card (docs/product/plans-billing.md#plans-features: images, audio, video, advanced AI, generous storage, premium support). */
export const PREMIUM_FEATURES = [
  'Everything in Starter',
  'Audio and video entries',
  'Advanced AI: 20 insights a day',
  'Generous storage for photos, voice notes and video',
  'Premium support',
  'Messages to your future self',
  'Share entries with friends',
] as const;

export type PremiumPriceView = {
  price: string;
  period: '/month' | '/year';
  /** A line under the price: the monthly equivalent, or why the figure is approximate. */
  detail?: string;
  savingPercent?: number;
  isFallback: boolean;
};

/**
 * What the Premium card shows for the chosen billing period. Without pricing data
 * (the request failed) it is the fallback £2.99 a month (docs/product/plans-billing.md#plans-pricing).
 */
export function premiumPriceView(
  pricing: PricingResponse | undefined,
  billing: BillingInterval,
  locale?: string,
): PremiumPriceView {
  if (!pricing) {
    return {
      price: formatMoney(FALLBACK_PREMIUM_PRICE.amount, FALLBACK_PREMIUM_PRICE.currency, locale),
      period: '/month',
      detail: "Today's prices couldn't be loaded; this is our standard monthly price.",
      isFallback: true,
    };
  }
  const { monthly, annual } = pricing;
  const monthlyView: PremiumPriceView = {
    price: formatMoney(monthly.amount, monthly.currency, locale),
    period: '/month',
    isFallback: false,
  };
  if (billing === 'month') return monthlyView;
  if (!annual) return { ...monthlyView, detail: 'Annual billing is not offered at the moment.' };

  const savingPercent = annualSavingPercent(monthly.amount, annual.amount);
  return {
    price: formatMoney(annual.amount, annual.currency, locale),
    period: '/year',
    detail: `That's ${formatMoney(Math.round(annual.amount / 12), annual.currency, locale)} a month`,
    ...(savingPercent > 0 ? { savingPercent } : {}),
    isFallback: false,
  };
}
