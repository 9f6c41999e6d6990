import { describe, expect, it } from 'vitest';
import { greeting } from './greeting.ts';

describe('greeting', () => {
  it('uses the first word of the full name, or "there" (docs/product/dashboard.md#dashboard-layout)', () => {
    expect(greeting('Grace Brewster Hopper')).toBe('Welcome back, Grace');
    expect(greeting('  Ada ')).toBe('Welcome back, Ada');
    expect(greeting('')).toBe('Welcome back, there');
    expect(greeting(undefined)).toBe('Welcome back, there');
  });

  it('says "Welcome", not "Welcome back", on a first visit', () => {
    expect(greeting('Ada Lovelace', { isFirstVisit: true })).toBe('Welcome, Ada');
    expect(greeting(null, { isFirstVisit: true })).toBe('Welcome, there');
    expect(greeting('Ada Lovelace', { isFirstVisit: false })).toBe('Welcome back, Ada');
  });
});
