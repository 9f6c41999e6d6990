import { describe, expect, it } from 'vitest';
import { MOODS } from '../constants.ts';
import {
  type AnalyzedEntry,
  analyticsRange,
  analyticsReport,
  analyzeEntry,
  entriesPerHour,
  entriesPerWeekday,
  moodByDay,
  moodDistribution,
  moodOverTime,
  topThemes,
  wordsPerWeek,
  yearPixels,
} from './analytics.ts';

type Written = {
  createdAt?: string;
  moodTag?: string | null;
  text?: string;
  title?: string | null;
  category?: string | null;
  isDecryptionFailed?: boolean;
};

const entry = (entryDate: string, over: Written = {}): AnalyzedEntry =>
  analyzeEntry(
    {
      createdAt: over.createdAt ?? `${entryDate}T10:00:00.000Z`,
      entryDate,
      moodTag: over.moodTag ?? null,
      title: over.title ?? null,
      category: over.category ?? null,
    },
    { text: over.text ?? '', isDecryptionFailed: over.isDecryptionFailed ?? false },
  );

describe('analyticsRange', () => {
  it('counts today as the last day of the period', () => {
    expect(analyticsRange('30d', '2026-03-30')).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    expect(analyticsRange('year', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(analyticsRange('all', '2026-03-30')).toEqual({ from: null, to: '2026-03-30' });
  });
});

describe('analyzeEntry', () => {
  it('counts the words and themes of Markdown as read', () => {
    const analyzed = entry('2026-01-05', {
      text: '# Day\n\n- one **two**\n- [three](https://example.com/#x) \\#gym',
    });
    expect(analyzed.words).toBe(5);
    expect(analyzed.themes).toEqual(['#gym']);
  });
});

describe('moodByDay', () => {
  it('takes the most frequent mood of a day, the latest on a tie, null without moods', () => {
    const days = moodByDay([
      entry('2026-01-01', { moodTag: 'Sad', createdAt: '2026-01-01T08:00:00Z' }),
      entry('2026-01-01', { moodTag: 'Happy', createdAt: '2026-01-01T09:00:00Z' }),
      entry('2026-01-02', { moodTag: 'Sad' }),
      entry('2026-01-02', { moodTag: 'Sad' }),
      entry('2026-01-02', { moodTag: 'Calm' }),
      entry('2026-01-03'),
    ]);
    expect(days.get('2026-01-01')).toEqual({
      date: '2026-01-01',
      mood: 'Happy',
      valence: 'positive',
      entries: 2,
    });
    expect(days.get('2026-01-02')?.mood).toBe('Sad');
    expect(days.get('2026-01-03')).toEqual({ date: '2026-01-03', mood: null, valence: null, entries: 1 });
  });
});

describe('moodOverTime and distribution', () => {
  const entries = [
    entry('2026-01-05', { moodTag: 'Happy' }),
    entry('2026-01-05', { moodTag: 'Sad' }),
    entry('2026-01-06', { moodTag: 'Happy' }),
    entry('2026-01-13', { moodTag: 'Tired' }),
    entry('2026-01-14'),
  ];
  it('averages the score per day, skipping entries without a mood', () => {
    expect(moodOverTime(entries, false)).toEqual([
      { start: '2026-01-05', score: 0, moods: 2 },
      { start: '2026-01-06', score: 1, moods: 1 },
      { start: '2026-01-13', score: 0, moods: 1 },
    ]);
  });
  it('groups by weeks starting on Monday', () => {
    expect(moodOverTime(entries, true)).toEqual([
      { start: '2026-01-05', score: 0.33, moods: 3 },
      { start: '2026-01-12', score: 0, moods: 1 },
    ]);
  });
  it('counts each mood, most first, ties in the order of the mood list', () => {
    expect(moodDistribution(entries).slice(0, 4)).toEqual([
      { mood: 'Happy', count: 2, valence: 'positive' },
      { mood: 'Sad', count: 1, valence: 'negative' },
      { mood: 'Tired', count: 1, valence: 'neutral' },
      { mood: 'Amazing', count: 0, valence: 'positive' },
    ]);
  });
  it('has a row for every mood of the app, tagged or not, and for a tag outside the list', () => {
    const everyMood = MOODS.map((mood, i) =>
      entry(`2026-02-${String((i % 28) + 1).padStart(2, '0')}`, { moodTag: mood.label }),
    );
    const distribution = moodDistribution([...everyMood, entry('2026-02-01', { moodTag: 'Wistful' })]);
    expect(distribution).toHaveLength(MOODS.length + 1);
    expect(distribution.map((m) => m.mood)).toEqual([...MOODS.map((mood) => mood.label), 'Wistful']);
    expect(distribution.every((m) => m.count === 1)).toBe(true);
    const none = moodDistribution([]);
    expect(none.map((m) => m.mood)).toEqual(MOODS.map((mood) => mood.label));
    expect(none.every((m) => m.count === 0)).toBe(true);
  });
});

describe('histograms', () => {
  it('counts weekdays from Monday by the local date', () => {
    // 2026-01-05 is a Monday, 2026-01-11 a Sunday.
    expect(entriesPerWeekday([entry('2026-01-05'), entry('2026-01-11'), entry('2026-01-12')])).toEqual([
      2, 0, 0, 0, 0, 0, 1,
    ]);
  });
  it('counts hours in the user time zone, across a date line', () => {
    const late = entry('2026-07-01', { createdAt: '2026-07-01T23:30:00.000Z' });
    expect(entriesPerHour([late], 'UTC')[23]).toBe(1);
    expect(entriesPerHour([late], 'Europe/London')[0]).toBe(1);
    expect(entriesPerHour([late], 'America/New_York')[19]).toBe(1);
    expect(entriesPerHour([late], 'Asia/Kolkata')[5]).toBe(1);
  });
  it('counts each hour right across the weeks the clocks change, as reading every entry own offset would', () => {
    // Every 37 minutes through March and early April 2026: London and New York change their clocks then,
    // Lord Howe by half an hour; Kolkata never.
    const start = Date.parse('2026-03-01T00:00:00Z');
    const written = Array.from({ length: 1800 }, (_, i) =>
      entry('2026-03-01', { createdAt: new Date(start + i * 37 * 60_000).toISOString() }),
    );
    for (const timeZone of ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata']) {
      const hourOf = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone });
      const expected = new Array<number>(24).fill(0);
      for (const e of written) expected[Number(hourOf.format(new Date(e.createdAt)))]!++;
      expect(entriesPerHour(written, timeZone)).toEqual(expected);
    }
  });
});

describe('wordsPerWeek', () => {
  it('sums words per week, empty weeks included, undecryptable text counting none', () => {
    const weeks = wordsPerWeek(
      [
        entry('2026-01-06', { text: 'one two three' }),
        entry('2026-01-07', { text: 'four' }),
        entry('2026-01-20', { text: 'secret', isDecryptionFailed: true }),
        entry('2026-01-21', { text: '  five six ' }),
      ],
      { from: null, to: '2026-01-28' },
    );
    expect(weeks).toEqual([
      { week: '2026-01-05', words: 4 },
      { week: '2026-01-12', words: 0 },
      { week: '2026-01-19', words: 2 },
      { week: '2026-01-26', words: 0 },
    ]);
  });
  it('starts at the period start when there is one', () => {
    expect(wordsPerWeek([], { from: '2026-01-07', to: '2026-01-13' })).toEqual([
      { week: '2026-01-05', words: 0 },
      { week: '2026-01-12', words: 0 },
    ]);
  });
});

describe('topThemes', () => {
  it('reads hashtags in text, title and category, once per entry, most used first', () => {
    expect(
      topThemes([
        entry('2026-01-01', { text: '#Work and #work again', title: 'Busy #day' }),
        entry('2026-01-02', { text: 'quiet', category: '#day' }),
        entry('2026-01-03', { text: '#work', isDecryptionFailed: true, title: null }),
        entry('2026-01-04', { text: 'no tags, not a#tag' }),
      ]),
    ).toEqual([
      { theme: '#day', entries: 2 },
      { theme: '#work', entries: 1 },
    ]);
  });
  it('keeps at most the limit', () => {
    expect(topThemes([entry('2026-01-01', { text: '#a1 #b #c' })], 2)).toHaveLength(2);
  });
});

describe('yearPixels', () => {
  it('lays out 12 months of 31 cells with the days a month lacks as null', () => {
    const days = moodByDay([entry('2024-02-29', { moodTag: 'Calm' })]);
    const grid = yearPixels(2024, days);
    expect(grid).toHaveLength(12);
    expect(grid.every((row) => row.length === 31)).toBe(true);
    expect(grid[1]![28]).toEqual({ date: '2024-02-29', day: days.get('2024-02-29') });
    expect(grid[1]![29]).toBeNull();
    expect(grid[3]![30]).toBeNull();
    expect(grid[11]![30]).toEqual({ date: '2024-12-31', day: null });
    expect(yearPixels(2025, days)[1]![28]).toBeNull();
  });
});

describe('analyticsReport', () => {
  it('keeps only the period and summarises it', () => {
    const report = analyticsReport(
      [
        entry('2026-03-30', { text: 'a b', moodTag: 'Happy' }),
        entry('2026-03-29', { text: 'c' }),
        entry('2026-02-01', { text: 'outside the period' }),
      ],
      '30d',
      '2026-03-30',
      'UTC',
    );
    expect(report.summary).toEqual({ entries: 2, daysWritten: 2, words: 3, longestStreak: 2 });
    expect(report.isMoodByWeek).toBe(false);
    expect(report.moodDistribution[0]).toEqual({ mood: 'Happy', count: 1, valence: 'positive' });
    expect(report.moodDistribution.slice(1).every((m) => m.count === 0)).toBe(true);
  });
  it('aggregates 5,000 entries quickly enough for a frame budget', () => {
    const many = Array.from({ length: 5000 }, (_, n) => {
      const day = new Date(Date.UTC(2026, 0, 1) + (n % 365) * 86_400_000).toISOString().slice(0, 10);
      return entry(day, { text: `word word #t${n % 20}`, moodTag: n % 2 ? 'Happy' : 'Sad' });
    });
    const report = analyticsReport(many, 'all', '2026-12-31', 'Europe/Paris');
    expect(report.summary.entries).toBe(5000);
    expect(report.themes[0]!.entries).toBe(250);
  });
});

describe('entriesPerHour across daylight-saving changes', () => {
  it('uses the offset of the moment itself on the day the clocks change', () => {
    // London springs forward at 01:00 UTC on 29 March 2026: 00:30 UTC is 00:30 GMT, 01:30 UTC is 02:30 BST.
    const counts = entriesPerHour(
      [
        entry('2026-03-29', { createdAt: '2026-03-29T00:30:00.000Z' }),
        entry('2026-03-29', { createdAt: '2026-03-29T01:30:00.000Z' }),
        entry('2026-03-28', { createdAt: '2026-03-28T12:00:00.000Z' }),
        entry('2026-03-30', { createdAt: '2026-03-30T12:00:00.000Z' }),
      ],
      'Europe/London',
    );
    expect(counts[0]).toBe(1);
    expect(counts[2]).toBe(1);
    expect(counts[12]).toBe(1);
    expect(counts[13]).toBe(1);
  });
});
