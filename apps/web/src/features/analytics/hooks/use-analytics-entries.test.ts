import { analyticsReport } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { previewEntries } from './use-analytics-entries.ts';

describe('previewEntries', () => {
  it('turns the column-by-column answer into one entry each, counted by date and mood with no words or themes yet', () => {
    const entries = previewEntries({
      createdAt: ['2026-03-01T09:00:00.000Z', '2026-03-02T21:30:00.000Z'],
      entryDate: ['2026-03-01', '2026-03-02'],
      moodTag: ['Calm', null],
    });
    expect(entries).toEqual([
      {
        createdAt: '2026-03-01T09:00:00.000Z',
        entryDate: '2026-03-01',
        moodTag: 'Calm',
        words: 0,
        themes: [],
      },
      { createdAt: '2026-03-02T21:30:00.000Z', entryDate: '2026-03-02', moodTag: null, words: 0, themes: [] },
    ]);
    const report = analyticsReport(entries, 'all', '2026-03-02', 'UTC');
    expect(report.summary).toEqual({ entries: 2, daysWritten: 2, words: 0, longestStreak: 2 });
    expect(report.moodDistribution[0]).toEqual({ mood: 'Calm', count: 1, valence: 'positive' });
    expect(report.perHour[21]).toBe(1);
    expect(report.themes).toEqual([]);
  });

  it('is empty for a journal without entries', () => {
    expect(previewEntries({ createdAt: [], entryDate: [], moodTag: [] })).toEqual([]);
  });
});
