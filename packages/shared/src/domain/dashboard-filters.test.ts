import { describe, expect, it } from 'vitest';
import {
  arePeriodChipsEnabled,
  clampPageNumber,
  type DashboardFilterAction,
  type DashboardFilters,
  dashboardFiltersReducer,
  entryRange,
  initialDashboardFilters,
  isEmptyDateHintShown,
  isFilteredInBrowser,
  isQuickEntryShown,
  isSearchBoxDisabled,
  nextSelectedDate,
  pageCount,
  periodRange,
  themePrompt,
} from './dashboard-filters.ts';

const today = '2026-11-21'; // a Saturday
const start = initialDashboardFilters();
const onPage3: DashboardFilters = { ...start, page: 3 };

const reduce = (state: DashboardFilters, ...actions: DashboardFilterAction[]) =>
  actions.reduce(dashboardFiltersReducer, state);

describe('initialDashboardFilters', () => {
  it('opens on This Week, page 1, with nothing else chosen', () => {
    expect(start).toEqual({ period: 'week', date: null, theme: null, search: '', page: 1 });
  });

  it('preselects the day of ?date=, which replaces the period', () => {
    expect(initialDashboardFilters('2026-11-03')).toMatchObject({ period: null, date: '2026-11-03' });
  });

  it('ignores a ?date= that is not a day', () => {
    expect(initialDashboardFilters('2026-02-30')).toEqual(start);
    expect(initialDashboardFilters('yesterday')).toEqual(start);
    expect(initialDashboardFilters(null)).toEqual(start);
  });
});

describe('dashboardFiltersReducer', () => {
  it.each<[string, DashboardFilterAction]>([
    ['the period', { type: 'setPeriod', period: 'month' }],
    ['the day', { type: 'selectDate', date: '2026-11-03', today }],
    ['the day (keyboard)', { type: 'setDate', date: '2026-11-03' }],
    ['the theme', { type: 'setTheme', theme: '#work' }],
    ['the search', { type: 'setSearch', search: 'lighthouse' }],
    ['to all time', { type: 'searchAllTime' }],
  ])('changing %s goes back to page 1', (_, action) => {
    expect(dashboardFiltersReducer(onPage3, action).page).toBe(1);
  });

  it('keeps the page when nothing changes', () => {
    expect(dashboardFiltersReducer(onPage3, { type: 'setPeriod', period: 'week' })).toBe(onPage3);
    expect(dashboardFiltersReducer(onPage3, { type: 'setSearch', search: '' })).toBe(onPage3);
    expect(dashboardFiltersReducer(onPage3, { type: 'setTheme', theme: null })).toBe(onPage3);
    expect(dashboardFiltersReducer(onPage3, { type: 'clearDate' })).toBe(onPage3);
  });

  it('sets the period chip', () => {
    expect(reduce(start, { type: 'setPeriod', period: 'today' })).toMatchObject({
      period: 'today',
      date: null,
    });
  });

  it('a past day clears the period chip, and the chosen day is kept', () => {
    const state = reduce(start, { type: 'selectDate', date: '2026-11-03', today });
    expect(state).toMatchObject({ period: null, date: '2026-11-03', page: 1 });
  });

  it('choosing the chosen day again clears it and shows This Week', () => {
    const state = reduce(
      start,
      { type: 'setPeriod', period: 'month' },
      { type: 'selectDate', date: '2026-11-03', today },
      { type: 'selectDate', date: '2026-11-03', today },
    );
    expect(state).toMatchObject({ period: 'week', date: null, page: 1 });
  });

  it('choosing today clears the day and shows This Week', () => {
    const fromDay = reduce(
      start,
      { type: 'selectDate', date: '2026-11-03', today },
      { type: 'selectDate', date: today, today },
    );
    expect(fromDay).toMatchObject({ period: 'week', date: null });
    const fromMonth = reduce(
      start,
      { type: 'setPeriod', period: 'month' },
      { type: 'selectDate', date: today, today },
    );
    expect(fromMonth).toMatchObject({ period: 'week', date: null });
  });

  it('choosing another day moves the choice', () => {
    const state = reduce(
      start,
      { type: 'selectDate', date: '2026-11-03', today },
      { type: 'selectDate', date: '2026-11-04', today },
    );
    expect(state).toMatchObject({ period: null, date: '2026-11-04' });
  });

  it('the keyboard sets exactly the day it moves to, today included', () => {
    const state = reduce(
      start,
      { type: 'selectDate', date: '2026-11-20', today },
      { type: 'setDate', date: today },
    );
    expect(state).toMatchObject({ period: null, date: today });
    expect(reduce(state, { type: 'setDate', date: null })).toMatchObject({ period: 'week', date: null });
    expect(reduce(state, { type: 'setDate', date: 'not a day' })).toMatchObject({
      period: 'week',
      date: null,
    });
  });

  it('with no day chosen, clearing it or setting none leaves the period alone', () => {
    const allTime = reduce(start, { type: 'setPeriod', period: 'all' });
    expect(reduce(allTime, { type: 'clearDate' })).toBe(allTime);
    expect(reduce(allTime, { type: 'setDate', date: null })).toBe(allTime);
  });

  it('clearing the day shows This Week', () => {
    const state = reduce(start, { type: 'selectDate', date: '2026-11-03', today }, { type: 'clearDate' });
    expect(state).toMatchObject({ period: 'week', date: null, page: 1 });
  });

  it('"search all time" shows All Time without a day, keeping the search and theme', () => {
    const state = reduce(
      start,
      { type: 'setSearch', search: 'lighthouse' },
      { type: 'setTheme', theme: 'walks' },
      { type: 'selectDate', date: '2026-11-03', today },
      { type: 'searchAllTime' },
    );
    expect(state).toEqual({ period: 'all', date: null, theme: '#walks', search: 'lighthouse', page: 1 });
  });

  it('a period chip clears a chosen day', () => {
    const state = reduce(start, { type: 'setDate', date: today }, { type: 'setPeriod', period: 'today' });
    expect(state).toMatchObject({ period: 'today', date: null });
  });

  it('keeps a theme as a lower-case hashtag, and clears it with null or nothing', () => {
    expect(reduce(start, { type: 'setTheme', theme: 'Work' }).theme).toBe('#work');
    expect(reduce(start, { type: 'setTheme', theme: '#Work' }).theme).toBe('#work');
    expect(
      reduce(start, { type: 'setTheme', theme: '#work' }, { type: 'setTheme', theme: null }).theme,
    ).toBeNull();
    expect(reduce(start, { type: 'setTheme', theme: '#' }).theme).toBeNull();
  });

  it('keeps the day, period and search when the theme changes, and the other way round', () => {
    const state = reduce(
      start,
      { type: 'selectDate', date: '2026-11-03', today },
      { type: 'setSearch', search: 'tea' },
      { type: 'setTheme', theme: '#work' },
    );
    expect(state).toEqual({ period: null, date: '2026-11-03', theme: '#work', search: 'tea', page: 1 });
  });

  it('moves between pages within 1 and the last page', () => {
    expect(reduce(start, { type: 'setPage', page: 2, totalPages: 3 }).page).toBe(2);
    expect(reduce(start, { type: 'setPage', page: 9, totalPages: 3 }).page).toBe(3);
    expect(reduce(onPage3, { type: 'setPage', page: 0, totalPages: 3 }).page).toBe(1);
    expect(reduce(onPage3, { type: 'setPage', page: 3, totalPages: 1 }).page).toBe(1);
    expect(reduce(onPage3, { type: 'setPage', page: 3, totalPages: 3 })).toBe(onPage3);
  });
});

describe('derived state', () => {
  it('nextSelectedDate toggles the chosen day and treats today as no day', () => {
    expect(nextSelectedDate(null, '2026-11-03', today)).toBe('2026-11-03');
    expect(nextSelectedDate('2026-11-03', '2026-11-03', today)).toBeNull();
    expect(nextSelectedDate('2026-11-03', today, today)).toBeNull();
    expect(nextSelectedDate('2026-11-03', '2026-11-04', today)).toBe('2026-11-04');
  });

  it('a day other than today disables the chips and hides the entry box; today or none shows them', () => {
    for (const check of [arePeriodChipsEnabled, isQuickEntryShown]) {
      expect(check({ date: null }, today)).toBe(true);
      expect(check({ date: today }, today)).toBe(true);
      expect(check({ date: '2026-11-03' }, today)).toBe(false);
      expect(check({ date: '2026-11-30' }, today)).toBe(false);
    }
  });

  it('shows the empty-date hint when a day is chosen and has no entries', () => {
    expect(isEmptyDateHintShown({ date: '2026-11-03' }, 0)).toBe(true);
    expect(isEmptyDateHintShown({ date: '2026-11-03' }, 2)).toBe(false);
    expect(isEmptyDateHintShown({ date: null }, 0)).toBe(false);
  });

  it('filters in the browser for a search or a theme', () => {
    expect(isFilteredInBrowser({ search: '', theme: null })).toBe(false);
    expect(isFilteredInBrowser({ search: '  ', theme: null })).toBe(false);
    expect(isFilteredInBrowser({ search: 'tea', theme: null })).toBe(true);
    expect(isFilteredInBrowser({ search: '', theme: '#work' })).toBe(true);
  });

  it('disables the search box while a day is chosen and nothing is typed', () => {
    expect(isSearchBoxDisabled('2026-11-03', '')).toBe(true);
    expect(isSearchBoxDisabled('2026-11-03', 't')).toBe(false);
    expect(isSearchBoxDisabled(null, '')).toBe(false);
  });

  it('prompts about the chosen theme', () => {
    expect(themePrompt('#work')).toBe("You've written about #work. What helped you with work this week?");
    expect(themePrompt('work')).toBe("You've written about #work. What helped you with work this week?");
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 5)).toBe(1);
    expect(pageCount(5, 5)).toBe(1);
    expect(pageCount(12, 5)).toBe(3);
    expect(clampPageNumber(Number.NaN, 3)).toBe(1);
  });
});

describe('ranges', () => {
  it('Today runs from local midnight to the next', () => {
    expect(periodRange('today', today, 'America/New_York')).toEqual({
      from: '2026-11-21T05:00:00.000Z',
      to: '2026-11-22T05:00:00.000Z',
    });
  });

  it('This Week runs from Monday to the next Monday', () => {
    expect(periodRange('week', today, 'UTC')).toEqual({
      from: '2026-11-16T00:00:00.000Z',
      to: '2026-11-23T00:00:00.000Z',
    });
    // On a Sunday the week began six days earlier.
    expect(periodRange('week', '2026-11-22', 'UTC').from).toBe('2026-11-16T00:00:00.000Z');
  });

  it('This Month runs from the 1st to the 1st of the next month, across a daylight-saving change', () => {
    expect(periodRange('month', '2026-03-15', 'Europe/London')).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-31T23:00:00.000Z',
    });
    expect(periodRange('month', '2026-12-31', 'Asia/Tokyo')).toEqual({
      from: '2026-11-30T15:00:00.000Z',
      to: '2026-12-31T15:00:00.000Z',
    });
  });

  it('All Time has no bounds', () => {
    expect(periodRange('all', today, 'UTC')).toEqual({});
  });

  it('the list asks for the chosen day, or the period', () => {
    expect(entryRange({ ...start, period: null, date: '2026-11-03' }, today, 'UTC')).toEqual({
      date: '2026-11-03',
    });
    expect(entryRange(start, today, 'UTC')).toEqual(periodRange('week', today, 'UTC'));
    expect(entryRange({ ...start, period: 'all' }, today, 'UTC')).toEqual({});
  });
});
