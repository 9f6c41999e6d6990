import { describe, expect, it } from 'vitest';
import { recoveryKeyText } from './recovery-key-text.ts';

const WORDS = Array.from({ length: 24 }, (_, index) => `word${index + 1}`);

describe('recoveryKeyText (the recovery key download, ADR 095)', () => {
  it('numbers the 24 words one a line, after whose key it is and what it opens', () => {
    const text = recoveryKeyText(WORDS, 'ada@example.com', new Date('2026-11-29T10:00:00Z'));
    const lines = text.split('\n');
    expect(lines[0]).toBe('Daybook recovery key for ada@example.com');
    expect(text).toContain('Created 2026-11-29.');
    expect(lines).toContain(' 1. word1');
    expect(lines).toContain('24. word24');
    expect(text).toMatch(/Anyone who has it can read your journal/);
  });

  it('refuses anything but 24 words', () => {
    expect(() => recoveryKeyText(WORDS.slice(1), 'a@b.c', new Date())).toThrow('24 words');
  });
});
