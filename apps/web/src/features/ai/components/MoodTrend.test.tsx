import { NO_MOOD_RECORDED } from '@daybook/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoodTrend } from './MoodTrend.tsx';

describe('MoodTrend', () => {
  it('calls a day without mood tags "No mood recorded", even when its writing reads negative', () => {
    render(
      <MoodTrend
        points={[
          { date: '2026-11-26', entryCount: 1, moodScore: 1, sentiment: 0.4 },
          { date: '2026-11-27', entryCount: 2, moodScore: null, sentiment: -0.6 },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Mood by day' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([expect.any(String), '1', 'positive', 'positive']);
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([expect.any(String), '2', NO_MOOD_RECORDED, 'negative']);
  });
});
