import { describe, expect, it } from 'vitest';
import { canUseAiAssist, nonBlankLength } from './ai-assist.ts';

describe('AI Assist needs 10 non-blank characters', () => {
  it('counts only what is not white space', () => {
    expect(nonBlankLength(' a\tb\nc  ')).toBe(3);
    expect(canUseAiAssist('123456789')).toBe(false);
    expect(canUseAiAssist('   1 2 3 4 5 6 7 8 9   \n\n')).toBe(false);
    expect(canUseAiAssist('1234567890')).toBe(true);
    expect(canUseAiAssist(' 1 2 3 4 5 6 7 8 9 0 ')).toBe(true);
  });
});
