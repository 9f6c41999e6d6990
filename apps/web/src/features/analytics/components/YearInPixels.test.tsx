import { moodByDay } from '@daybook/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeDay, pixelKeyTarget, YearInPixels } from './YearInPixels.tsx';

describe('pixelKeyTarget', () => {
  it('moves by day across months and by month to the same or last day, never off the year', () => {
    expect(pixelKeyTarget('2026-01-31', { key: 'ArrowRight' })).toBe('2026-02-01');
    expect(pixelKeyTarget('2026-03-01', { key: 'ArrowLeft' })).toBe('2026-02-28');
    expect(pixelKeyTarget('2026-03-31', { key: 'ArrowUp' })).toBe('2026-02-28');
    expect(pixelKeyTarget('2026-01-15', { key: 'ArrowDown' })).toBe('2026-02-15');
    expect(pixelKeyTarget('2026-12-31', { key: 'ArrowRight' })).toBeNull();
    expect(pixelKeyTarget('2026-01-10', { key: 'ArrowUp' })).toBeNull();
    expect(pixelKeyTarget('2026-04-10', { key: 'End' })).toBe('2026-04-30');
    expect(pixelKeyTarget('2026-04-10', { key: 'Home', ctrlKey: true })).toBe('2026-01-01');
    expect(pixelKeyTarget('2026-04-10', { key: 'a' })).toBeNull();
  });
});

describe('YearInPixels', () => {
  const days = moodByDay([
    { createdAt: '2026-03-02T10:00:00Z', entryDate: '2026-03-02', moodTag: 'Sad', words: 3, themes: [] },
    { createdAt: '2026-03-03T10:00:00Z', entryDate: '2026-03-03', moodTag: null, words: 3, themes: [] },
  ]);

  it('labels each day with its date and mood, and keeps one tab stop that arrows move', () => {
    render(<YearInPixels days={days} today="2026-03-03" years={[2026]} />);
    const today = screen.getByRole('gridcell', { name: 'Tuesday, March 3, 2026: no mood, 1 entry' });
    expect(today.tabIndex).toBe(0);
    expect(screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0)).toHaveLength(1);
    today.focus();
    fireEvent.keyDown(today, { key: 'ArrowLeft' });
    const before = screen.getByRole('gridcell', { name: 'Monday, March 2, 2026: Sad (negative), 1 entry' });
    expect(document.activeElement).toBe(before);
    expect(before.tabIndex).toBe(0);
    expect(today.tabIndex).toBe(-1);
    expect(describeDay('2026-03-09', null, true)).toBe('Monday, March 9, 2026: not yet');
  });
});
