import { dashboardFiltersReducer, initialDashboardFilters } from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, signedInHandlers, stubApi } from '../../test/api.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { MiniCalendar } from './components/MiniCalendar.tsx';

const TODAY = '2026-11-21'; // a Saturday

const DAYS_WITH_ENTRIES: Record<string, string[]> = {
  '2026-10': ['2026-10-31'],
  '2026-11': ['2026-11-03', '2026-11-18'],
};

/** The calendar as the dashboard uses it: clicks and keys go through the shared filter reducer. */
function Harness({ onMove }: { onMove?: (date: string) => void }) {
  const [filters, dispatch] = useReducer(dashboardFiltersReducer, null, initialDashboardFilters);
  return (
    <>
      <MiniCalendar
        selectedDate={filters.date}
        today={TODAY}
        onSelectDate={(date) => dispatch({ type: 'selectDate', date, today: TODAY })}
        onMoveDate={(date) => {
          onMove?.(date);
          dispatch({ type: 'setDate', date });
        }}
      />
      <output aria-label="Chosen day">{filters.date ?? 'none'}</output>
    </>
  );
}

function renderCalendar(onMove?: (date: string) => void) {
  const fetchMock = stubApi({
    ...signedInHandlers(),
    'GET /api/entries/calendar': ({ url }) => {
      const month = url.searchParams.get('month') ?? '';
      return jsonResponse({ month, dates: DAYS_WITH_ENTRIES[month] ?? [] });
    },
  });
  renderWithProviders(<Harness onMove={onMove} />);
  return { fetchMock };
}

const day = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}(, has entries)?$`) });
const chosen = () => screen.getByRole('status', { name: 'Chosen day' }).textContent;
const grid = (name: string) => screen.getByRole('grid', { name });

describe('MiniCalendar', () => {
  it('shows the month in weeks from Monday, marking today and the days with entries', async () => {
    const { fetchMock } = renderCalendar();
    const november = grid('November 2026');
    const headers = within(november)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    const firstRow = within(november).getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('gridcell')).toHaveLength(7);
    expect(within(firstRow).getAllByRole('button')[0]!.getAttribute('aria-label')).toMatch(
      /^Monday, October 26, 2026/,
    );

    expect(
      await screen.findByRole('button', { name: 'Tuesday, November 3, 2026, has entries' }),
    ).toBeTruthy();
    // The neighbouring months' days shown at the edges are marked too.
    expect(
      await screen.findByRole('button', { name: 'Saturday, October 31, 2026, has entries' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wednesday, November 4, 2026' })).toBeTruthy();
    expect(day('Saturday, November 21, 2026').getAttribute('aria-current')).toBe('date');
    const months = callsTo(fetchMock, 'GET /api/entries/calendar');
    expect(months).toHaveLength(3);
    // One tab stop for the whole grid: today, while nothing is chosen.
    const stops = within(november)
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0);
    expect(stops).toEqual([day('Saturday, November 21, 2026')]);
  });

  it('names days and months as an en-GB browser writes them, the weeks still from Monday', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    renderCalendar();
    const november = grid('November 2026');
    expect(within(november).getAllByRole('columnheader')[0]?.textContent).toBe('Mon');
    expect(await screen.findByRole('button', { name: 'Tuesday, 3 November 2026, has entries' })).toBeTruthy();
    expect(day('Saturday, 21 November 2026').getAttribute('aria-current')).toBe('date');
    const months = screen.getByRole('combobox', { name: 'Month' });
    expect(within(months).getAllByRole('option')[8]?.textContent).toBe('September');
  });

  it('offers months, 10 years, previous/next month, and "Jump to today" once away from it', async () => {
    renderCalendar();
    const year = screen.getByRole('combobox', { name: 'Year' });
    expect(
      within(year)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2021', '2022', '2023', '2024', '2025', '2026', '2027', '2028', '2029', '2030']);
    expect(screen.queryByRole('button', { name: 'Jump to today' })).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'Month' }), { target: { value: '3' } });
    expect(grid('March 2026')).toBeTruthy();
    fireEvent.change(year, { target: { value: '2024' } });
    expect(grid('March 2024')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(grid('February 2024')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(grid('April 2024')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Jump to today' }));
    expect(grid('November 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Jump to today' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(day('Saturday, November 21, 2026')));
  });

  it('chooses a day on click; the chosen day again, or today, clears the choice', async () => {
    renderCalendar();
    const wednesday = await screen.findByRole('button', {
      name: 'Wednesday, November 18, 2026, has entries',
    });
    fireEvent.click(wednesday);
    expect(chosen()).toBe('2026-11-18');
    expect(wednesday.closest('[role="gridcell"]')?.getAttribute('aria-selected')).toBe('true');
    expect(wednesday.tabIndex).toBe(0);
    fireEvent.click(wednesday);
    expect(chosen()).toBe('none');
    fireEvent.click(wednesday);
    fireEvent.click(day('Saturday, November 21, 2026'));
    expect(chosen()).toBe('none');
  });

  it('with a day chosen, keys move it and focus follows: days, weeks, months, years, week ends', async () => {
    renderCalendar();
    fireEvent.click(day('Wednesday, November 18, 2026'));
    const press = async (key: string, expected: string, name: string, shiftKey = false) => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key, shiftKey });
      expect(chosen()).toBe(expected);
      await waitFor(() =>
        expect(document.activeElement?.getAttribute('aria-label')).toMatch(new RegExp(`^${name}`)),
      );
    };
    day('Wednesday, November 18, 2026').focus();
    await press('ArrowLeft', '2026-11-17', 'Tuesday, November 17, 2026');
    await press('ArrowUp', '2026-11-10', 'Tuesday, November 10, 2026');
    await press('ArrowDown', '2026-11-17', 'Tuesday, November 17, 2026');
    await press('ArrowRight', '2026-11-18', 'Wednesday, November 18, 2026');
    await press('Home', '2026-11-16', 'Monday, November 16, 2026');
    await press('End', '2026-11-22', 'Sunday, November 22, 2026');
    await press('PageUp', '2026-10-22', 'Thursday, October 22, 2026');
    expect(grid('October 2026')).toBeTruthy();
    await press('PageUp', '2025-10-22', 'Wednesday, October 22, 2025', true);
    expect(grid('October 2025')).toBeTruthy();
    await press('PageDown', '2026-10-22', 'Thursday, October 22, 2026', true);
    await press('PageDown', '2026-11-22', 'Sunday, November 22, 2026');
    // Moving onto today keeps it chosen, so the keys keep working.
    await press('ArrowLeft', '2026-11-21', 'Saturday, November 21, 2026');
    await press('ArrowLeft', '2026-11-20', 'Friday, November 20, 2026');
  });

  it('with a day chosen, Enter or Space after an arrow keeps the day the arrow chose', async () => {
    renderCalendar();
    fireEvent.click(day('Wednesday, November 18, 2026'));
    day('Wednesday, November 18, 2026').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(chosen()).toBe('2026-11-19');
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Thursday, November 19, 2026/),
    );
    // The button's own default for these keys is a click, which on the chosen day would clear it.
    for (const key of ['Enter', ' ']) {
      expect(fireEvent.keyDown(document.activeElement!, { key }), key).toBe(false);
      expect(chosen()).toBe('2026-11-19');
    }
  });

  it('without a chosen day, keys only move focus; Enter or a click chooses', async () => {
    const onMove = vi.fn();
    renderCalendar(onMove);
    const today = day('Saturday, November 21, 2026');
    today.focus();
    fireEvent.keyDown(today, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(day('Sunday, November 22, 2026')));
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    await waitFor(() => expect(document.activeElement).toBe(day('Tuesday, December 22, 2026')));
    expect(grid('December 2026')).toBeTruthy();
    expect(onMove).not.toHaveBeenCalled();
    expect(chosen()).toBe('none');
    fireEvent.click(document.activeElement!);
    expect(chosen()).toBe('2026-12-22');
  });
});
