import { analyticsReport, analyzeEntry, MOODS } from '@daybook/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AnalyticsCharts from './AnalyticsCharts.tsx';

describe('the mood distribution chart', () => {
  it('draws every mood of the app, not the eight most used', async () => {
    // 16 moods tagged (the quick entry picker's), one entry each.
    const entries = MOODS.slice(0, 16).map((mood, i) =>
      analyzeEntry(
        {
          createdAt: `2026-11-${String(i + 1).padStart(2, '0')}T10:00:00Z`,
          entryDate: `2026-11-${String(i + 1).padStart(2, '0')}`,
          moodTag: mood.label,
          title: null,
          category: null,
        },
        { text: 'a day', isDecryptionFailed: false },
      ),
    );
    const report = analyticsReport(entries, '30d', '2026-11-28', 'UTC');
    render(<AnalyticsCharts report={report} isTextPending={false} />);
    const card = screen.getByRole('region', { name: 'Mood distribution' });
    // The chart: one labelled row per mood (the axis names each), drawn once its turn comes.
    await within(card).findByText('Reflective', { selector: 'tspan' }, { timeout: 5000 });
    const labels = [
      ...card.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
    ].map((tick) => tick.textContent);
    expect(labels).toHaveLength(MOODS.length);
    expect(new Set(labels)).toEqual(new Set(MOODS.map((mood) => mood.label)));
    // And the table beside it, for screen readers.
    const table = within(card).getByRole('table', { hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(MOODS.length + 1);
  });
});
