import { describe, expect, it } from 'vitest';
import { MOODS } from '../constants.ts';
import {
  moodClass,
  moodOverview,
  moodScoreClass,
  moodScoreLabel,
  NO_MOOD_RECORDED,
  roundToOneDecimal,
} from './moods.ts';

describe('mood sets', () => {
  it('classifies the 19 tags as the spec lists them', () => {
    const byClass = (c: string) => MOODS.map((m) => m.label).filter((label) => moodClass(label) === c);
    expect(byClass('positive')).toEqual([
      'Amazing',
      'Happy',
      'Calm',
      'Excited',
      'Celebrating',
      'Proud',
      'Grateful',
      'Focused',
      'Productive',
    ]);
    expect(byClass('negative')).toEqual(['Down', 'Anxious', 'Sad', 'Angry', 'Stressed']);
    expect(byClass('neutral')).toEqual(['Neutral', 'Tired', 'Peaceful', 'Joyful', 'Reflective']);
    expect(moodClass('Something else')).toBe('neutral');
  });
});

describe('moodOverview', () => {
  it('is null ("No data") with no moods', () => {
    expect(moodOverview([])).toBeNull();
  });

  it('gives percentages to 1 decimal', () => {
    expect(moodOverview(['Happy', 'Sad', 'Tired'])).toEqual({
      positive: 33.3,
      neutral: 33.3,
      negative: 33.3,
    });
    expect(moodOverview(['Happy', 'Happy', 'Sad'])).toEqual({ positive: 66.7, neutral: 0, negative: 33.3 });
    expect(moodOverview(['Calm'])).toEqual({ positive: 100, neutral: 0, negative: 0 });
    const eight = ['Happy', 'Happy', 'Happy', 'Down', 'Down', 'Tired', 'Tired', 'Tired'];
    expect(moodOverview(eight)).toEqual({ positive: 37.5, neutral: 37.5, negative: 25 });
  });

  it('rounds halves up', () => {
    expect(roundToOneDecimal(12.25)).toBe(12.3);
    expect(roundToOneDecimal(1.05)).toBe(1.1);
    expect(roundToOneDecimal(14.285714)).toBe(14.3);
  });
});

describe('a mean mood score in words', () => {
  it('names a day without mood tags "No mood recorded", never negative', () => {
    expect(moodScoreClass(null)).toBeNull();
    expect(moodScoreLabel(null)).toBe(NO_MOOD_RECORDED);
    expect(NO_MOOD_RECORDED).toBe('No mood recorded');
  });

  it('takes the nearest class, a third of the way being the boundary', () => {
    expect(moodScoreLabel(1)).toBe('positive');
    expect(moodScoreLabel(0.5)).toBe('positive');
    expect(moodScoreLabel(0.33)).toBe('neutral');
    expect(moodScoreLabel(0)).toBe('neutral');
    expect(moodScoreLabel(-0.33)).toBe('neutral');
    expect(moodScoreLabel(-0.5)).toBe('negative');
    expect(moodScoreLabel(-1)).toBe('negative');
  });
});
