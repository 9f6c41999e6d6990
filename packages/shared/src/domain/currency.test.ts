import { describe, expect, it } from 'vitest';
import { annualSavingPercent, currencyForLocales, formatMoney, minorUnitDivisor } from './currency.ts';

describe('currencyForLocales', () => {
  it.each([
    [['en-GB'], 'GBP'],
    [['en-US'], 'USD'],
    [['de-DE'], 'EUR'],
    [['fr-BE'], 'EUR'],
    [['en-AU'], 'AUD'],
    [['hi-IN'], 'INR'],
    [['ar-AE'], 'AED'],
    [['zh-CN'], 'CNY'],
    [['ja-JP'], 'JPY'],
    [['fr-CA'], 'CAD'],
    [['ja'], 'JPY'],
    [['zh-Hans-CN'], 'CNY'],
    [['en_US'], 'USD'],
  ])('%j → %s', (locales, expected) => {
    expect(currencyForLocales(locales)).toBe(expected);
  });

  it('falls back to GBP for unknown regions and empty lists', () => {
    expect(currencyForLocales(['pt-BR'])).toBe('GBP');
    expect(currencyForLocales([])).toBe('GBP');
    expect(currencyForLocales(['en'])).toBe('GBP');
  });

  it('takes the first locale that names a supported currency', () => {
    expect(currencyForLocales(['pt-BR', 'en-US'])).toBe('USD');
  });
});

describe('formatMoney', () => {
  it('divides by 100 for two-decimal currencies', () => {
    expect(formatMoney(299, 'GBP')).toBe('£2.99');
    expect(formatMoney(399, 'USD', 'en-US')).toBe('$3.99');
  });
  it('keeps yen whole', () => {
    expect(minorUnitDivisor('JPY')).toBe(1);
    expect(formatMoney(600, 'JPY', 'en-US')).toBe('¥600');
  });
});

describe('annualSavingPercent', () => {
  it('compares a year with twelve months', () => {
    expect(annualSavingPercent(299, 2999)).toBe(16);
    expect(annualSavingPercent(299, 4000)).toBe(0);
    expect(annualSavingPercent(0, 0)).toBe(0);
  });
});
