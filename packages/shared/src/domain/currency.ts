import { type CURRENCIES, DEFAULT_CURRENCY } from '../constants.ts';

export type SupportedCurrency = (typeof CURRENCIES)[number];

const EURO_REGIONS = new Set([
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
]);
const REGION_CURRENCY: Record<string, SupportedCurrency> = {
  GB: 'GBP',
  US: 'USD',
  AU: 'AUD',
  IN: 'INR',
  AE: 'AED',
  CN: 'CNY',
  JP: 'JPY',
  CA: 'CAD',
};
/** Used only when the locale names no region (e.g. plain "ja"). */
const LANGUAGE_CURRENCY: Record<string, SupportedCurrency> = { ja: 'JPY', zh: 'CNY', hi: 'INR' };

/** Picks the pricing currency from browser locales such as `navigator.languages` (docs/product/plans-billing.md#plans-pricing). */
export function currencyForLocales(locales: readonly string[]): SupportedCurrency {
  for (const locale of locales) {
    const [language = '', ...rest] = locale.replace('_', '-').split('-');
    const region = rest.find((part) => /^[A-Za-z]{2}$/.test(part))?.toUpperCase();
    if (region) {
      if (EURO_REGIONS.has(region)) return 'EUR';
      const byRegion = REGION_CURRENCY[region];
      if (byRegion) return byRegion;
      continue;
    }
    const byLanguage = LANGUAGE_CURRENCY[language.toLowerCase()];
    if (byLanguage) return byLanguage;
  }
  return DEFAULT_CURRENCY;
}

/** Minor units per major unit: JPY has no decimals, every other supported currency has two. */
export function minorUnitDivisor(currency: string): number {
  return currency.toUpperCase() === 'JPY' ? 1 : 100;
}

/** Formats an amount held in minor units, e.g. 299 GBP → "£2.99", 600 JPY → "¥600". */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-GB'): string {
  const divisor = minorUnitDivisor(currency);
  const digits = divisor === 1 ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amountMinor / divisor);
}

/** Whole-percent saving of paying yearly instead of twelve monthly payments. */
export function annualSavingPercent(monthlyMinor: number, annualMinor: number): number {
  const twelveMonths = monthlyMinor * 12;
  if (twelveMonths <= 0 || annualMinor >= twelveMonths) return 0;
  return Math.round(((twelveMonths - annualMinor) / twelveMonths) * 100);
}
