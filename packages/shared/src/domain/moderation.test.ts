import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES, SHARE_MESSAGES } from '../constants.ts';
import {
  entryModerationOutcome,
  needsModeration,
  shareNoteModerationOutcome,
  thankYouModerationOutcome,
} from './moderation.ts';

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

describe('share note moderation rules', () => {
  it('blocks high with the crisis message for self-harm, else the note message', () => {
    expect(shareNoteModerationOutcome({ severity: 'high', flags: ['self-harm'] })).toEqual({
      action: 'block',
      message: MODERATION_MESSAGES.crisis,
      isCrisis: true,
    });
    expect(shareNoteModerationOutcome({ severity: 'high', flags: ['harassment'] })).toEqual({
      action: 'block',
      message: SHARE_MESSAGES.noteHigh,
      isCrisis: false,
    });
  });
  it('blocks medium with its own message, lets low and safe through without a warning', () => {
    expect(shareNoteModerationOutcome({ severity: 'medium', flags: [] })).toEqual({
      action: 'block',
      message: SHARE_MESSAGES.noteMedium,
      isCrisis: false,
    });
    expect(shareNoteModerationOutcome({ severity: 'low', flags: [] })).toEqual({ action: 'allow' });
    expect(shareNoteModerationOutcome({ severity: 'safe', flags: [] })).toEqual({ action: 'allow' });
  });
});

describe('thank-you moderation rules', () => {
  it('blocks high with a crisis message naming the lifeline by call and text, ending "Your safety matters."', () => {
    const outcome = thankYouModerationOutcome({ severity: 'high', flags: ['self_harm'] });
    expect(outcome).toEqual({ action: 'block', message: SHARE_MESSAGES.thankYouCrisis, isCrisis: true });
    expect(SHARE_MESSAGES.thankYouCrisis).toMatch(/call or text 988/);
    expect(SHARE_MESSAGES.thankYouCrisis).toMatch(/Lifeline/);
    expect(SHARE_MESSAGES.thankYouCrisis.endsWith('Your safety matters.')).toBe(true);
    expect(thankYouModerationOutcome({ severity: 'high', flags: ['violence'] })).toEqual({
      action: 'block',
      message: SHARE_MESSAGES.thankYouHigh,
      isCrisis: false,
    });
  });
  it('blocks medium, lets low and safe through', () => {
    expect(thankYouModerationOutcome({ severity: 'medium', flags: [] })).toEqual({
      action: 'block',
      message: SHARE_MESSAGES.thankYouMedium,
      isCrisis: false,
    });
    expect(thankYouModerationOutcome({ severity: 'low', flags: ['profanity'] })).toEqual({ action: 'allow' });
    expect(thankYouModerationOutcome({ severity: 'safe', flags: [] })).toEqual({ action: 'allow' });
  });
});
