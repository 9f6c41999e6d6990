import { describe, expect, it } from 'vitest';
import { PASSPHRASE_STRENGTH_HINTS, passphraseStrength } from './passphrase-strength.ts';

describe('passphraseStrength (the hint beside the passphrase field, ADR 095)', () => {
  it('is too short under 12 characters, counted as characters and not bytes', () => {
    expect(passphraseStrength('')).toBe('too-short');
    expect(passphraseStrength('eleven char')).toBe('too-short');
    expect(passphraseStrength('ééééééééééé')).toBe('too-short');
    expect(passphraseStrength('twelve chars')).toBe('fair');
  });

  it('grows with unrelated words and with length', () => {
    expect(passphraseStrength('kettle-orchard')).toBe('fair');
    expect(passphraseStrength('otters hold hands tight')).toBe('good');
    expect(passphraseStrength('correcthorsebatterysta')).toBe('good');
    expect(passphraseStrength('otters hold hands while they sleep')).toBe('strong');
    expect(passphraseStrength('a'.repeat(28))).toBe('strong');
  });

  it('has a hint for each level', () => {
    for (const level of ['too-short', 'fair', 'good', 'strong'] as const)
      expect(PASSPHRASE_STRENGTH_HINTS[level]).toMatch(/\S/);
  });
});
