import { api, currencyForLocales, PricingResponse, type SupportedCurrency } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '../api-client.ts';
import { PRICING_CACHE } from '../constants.ts';
import { readStoredJson, writeStoredJson } from '../storage.ts';

const CachedPricing = z.object({ timestamp: z.number(), data: PricingResponse });
type CachedPricing = z.infer<typeof CachedPricing>;

/** Pricing saved by an earlier visit, if younger than 10 minutes (docs/product/plans-billing.md#plans-pricing). */
export function readCachedPricing(currency: string, now: number = Date.now()): CachedPricing | undefined {
  const cached = readStoredJson(PRICING_CACHE.localStorageKey(currency), CachedPricing);
  if (!cached) return undefined;
  const age = now - cached.timestamp;
  return age >= 0 && age < PRICING_CACHE.localStorageTtlMs ? cached : undefined;
}

export function writeCachedPricing(currency: string, data: PricingResponse, now: number = Date.now()): void {
  writeStoredJson(PRICING_CACHE.localStorageKey(currency), { timestamp: now, data } satisfies CachedPricing);
}

export async function getPricing(currency: string, signal?: AbortSignal): Promise<PricingResponse> {
  const data = await callApi(api.pricing.premium, { query: { currency }, signal });
  writeCachedPricing(currency, data);
  return data;
}

export function pricingQueryOptions(currency: string) {
  return queryOptions({
    queryKey: ['pricing', currency],
    queryFn: ({ signal }) => getPricing(currency, signal),
    staleTime: PRICING_CACHE.staleMs,
    gcTime: PRICING_CACHE.gcMs,
    // A fresh copy from localStorage shows at once; React Query refetches when it turns stale.
    initialData: () => readCachedPricing(currency)?.data,
    initialDataUpdatedAt: () => readCachedPricing(currency)?.timestamp,
  });
}

export function browserCurrency(): SupportedCurrency {
  // No browser while the build prerenders the landing page (ADR 045): its prices are a skeleton there anyway.
  if (typeof navigator === 'undefined') return currencyForLocales([]);
  const locales = navigator.languages?.length ? navigator.languages : [navigator.language];
  return currencyForLocales(locales);
}

export function usePricing() {
  return useQuery(pricingQueryOptions(browserCurrency()));
}
