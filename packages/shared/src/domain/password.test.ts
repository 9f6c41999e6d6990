import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../constants.ts';
import { normalizeEmail, PASSWORD_STRENGTH_WIDTH, passwordProblems, passwordStrength } from './password.ts';

describe('passwordStrength', () => {
  it.each([
    ['', 'weak'],
    ['Ab1!', 'weak'],
    ['lowercaseonly', 'weak'],
    ['lowercase1', 'medium'],
    ['Uppercase', 'medium'],
    ['Uppercase1', 'medium'],
    ['Upper case1!', 'strong'],
    ['Ünïcode9#', 'strong'],
  ] as const)('%j is %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });

  it('maps strengths to the bar widths', () => {
    expect(PASSWORD_STRENGTH_WIDTH).toEqual({ weak: 33, medium: 66, strong: 100 });
  });
});

describe('passwordProblems', () => {
  it('lists every broken rule with the spec message', () => {
    expect(passwordProblems('abc')).toEqual([
      AUTH_MESSAGES.passwordTooShort,
      AUTH_MESSAGES.passwordNeedsUppercase,
      AUTH_MESSAGES.passwordNeedsNumber,
    ]);
    expect(passwordProblems('Abcdefg1')).toEqual([]);
    expect(passwordProblems(`A1${'x'.repeat(127)}`)).toEqual([AUTH_MESSAGES.passwordTooLong]);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});
