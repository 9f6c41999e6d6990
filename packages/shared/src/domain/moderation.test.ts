import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '../constants.ts';
import { entryModerationOutcome, needsModeration } from './moderation.ts';

describe('entry moderation rules', () => {
  it('skips text under three characters', () => {
    expect(needsModeration('  ok ')).toBe(false);
    expect(needsModeration('hey')).toBe(true);
  });
  it('blocks high with the crisis message for self-harm in either spelling', () => {
    expect(entryModerationOutcome({ severity: 'high', flags: ['self_harm'] })).toEqual({
      action: 'block',
      message: MODERATION_MESSAGES.crisis,
      isCrisis: true,
    });
    expect(entryModerationOutcome({ severity: 'high', flags: ['self-harm'] })).toMatchObject({
      isCrisis: true,
    });
    expect(entryModerationOutcome({ severity: 'high', flags: ['violence'] })).toEqual({
      action: 'block',
      message: MODERATION_MESSAGES.entryHigh,
      isCrisis: false,
    });
  });
  it('blocks medium, warns low, allows safe', () => {
    expect(entryModerationOutcome({ severity: 'medium', flags: [] })).toMatchObject({
      action: 'block',
      message: MODERATION_MESSAGES.entryMedium,
    });
    expect(entryModerationOutcome({ severity: 'low', flags: [] })).toEqual({
      action: 'warn',
      message: MODERATION_MESSAGES.entryLow,
    });
    expect(entryModerationOutcome({ severity: 'safe', flags: [] })).toEqual({ action: 'allow' });
  });
});
