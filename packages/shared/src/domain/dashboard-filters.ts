import {
  addDays,
  addMonthsToMonth,
  firstOfMonth,
  isCalendarDate,
  monthOf,
  startOfDayInZone,
  weekStart,
} from './calendar.ts';
import { themeTag, themeTerm } from './entry-search.ts';

/** The filter chips (docs/product/dashboard.md#dashboard-filters), in their order on screen. */
export const DASHBOARD_PERIODS = ['today', 'week', 'month', 'all'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriod, string> = {
  today: 'Today',
  week: 'This Week',
  month: 'This Month',
  all: 'All Time',
};

export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 'week';

/** What the dashboard's list shows. */
export type DashboardFilters = {
  /** The chosen chip; none while a day other than today is chosen (the chips are then disabled). */
  period: DashboardPeriod | null;
  /** A day (yyyy-MM-dd) chosen in the calendar or by `?date=`. */
  date: string | null;
  /** A hashtag, "#work". */
  theme: string | null;
  /** The applied search text (after the 300 ms pause or Enter). */
  search: string;
  page: number;
};

export type DashboardFilterAction =
  | { type: 'setPeriod'; period: DashboardPeriod }
  /** A day clicked in the calendar: choosing it again, or choosing today, clears the date. */
  | { type: 'selectDate'; date: string; today: string }
  /** Exactly this day, or none (the calendar's keyboard, the address bar). */
  | { type: 'setDate'; date: string | null }
  | { type: 'clearDate' }
  | { type: 'setTheme'; theme: string | null }
  | { type: 'setSearch'; search: string }
  | { type: 'searchAllTime' }
  | { type: 'setPage'; page: number; totalPages: number };

/** The dashboard on arrival: This Week, or the day `?date=` names. */
export function initialDashboardFilters(date?: string | null): DashboardFilters {
  const day = isCalendarDate(date) ? date : null;
  return { period: day ? null : DEFAULT_DASHBOARD_PERIOD, date: day, theme: null, search: '', page: 1 };
}

/** The calendar's choice (docs/product/dashboard.md#dashboard-calendar): the chosen day again, or today, means no day. */
export function nextSelectedDate(current: string | null, chosen: string, today: string): string | null {
  return chosen === current || chosen === today ? null : chosen;
}

/** No day: the list goes back to This Week. */
function withoutDate(state: DashboardFilters): DashboardFilters {
  if (state.date === null && state.period === DEFAULT_DASHBOARD_PERIOD) return state;
  return { ...state, date: null, period: DEFAULT_DASHBOARD_PERIOD, page: 1 };
}

/** A day replaces the period; taking the day away goes back to This Week. */
function withDate(state: DashboardFilters, date: string | null): DashboardFilters {
  if (date === state.date) return state;
  return date === null ? withoutDate(state) : { ...state, date, period: null, page: 1 };
}

/**
 * The transitions of docs/product/dashboard.md#dashboard-filters: changing the period, day, theme or search goes back to
 * page 1; choosing the chosen day again, or today, clears the day and shows This Week; a day replaces the
 * period; "search all time" shows All Time; pages stay within 1 and the last page.
 */
export function dashboardFiltersReducer(
  state: DashboardFilters,
  action: DashboardFilterAction,
): DashboardFilters {
  switch (action.type) {
    case 'setPeriod':
      if (action.period === state.period && state.date === null) return state;
      return { ...state, period: action.period, date: null, page: 1 };
    case 'selectDate': {
      const date = nextSelectedDate(state.date, action.date, action.today);
      return date === null ? withoutDate(state) : withDate(state, date);
    }
    case 'setDate':
      return withDate(state, isCalendarDate(action.date) ? action.date : null);
    case 'clearDate':
      return withDate(state, null);
    case 'setTheme': {
      const theme = action.theme === null || !themeTerm(action.theme) ? null : themeTag(action.theme);
      return theme === state.theme ? state : { ...state, theme, page: 1 };
    }
    case 'setSearch':
      return action.search === state.search ? state : { ...state, search: action.search, page: 1 };
    case 'searchAllTime':
      return { ...state, period: 'all', date: null, page: 1 };
    case 'setPage': {
      const page = clampPageNumber(action.page, action.totalPages);
      return page === state.page ? state : { ...state, page };
    }
  }
}

/** A page number within 1 and the last page (docs/product/dashboard.md#dashboard-filters). */
export function clampPageNumber(page: number, totalPages: number): number {
  return Math.min(Math.max(1, Math.round(page) || 1), Math.max(1, Math.floor(totalPages) || 1));
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

const isOtherDayChosen = (filters: Pick<DashboardFilters, 'date'>, today: string) =>
  filters.date !== null && filters.date !== today;

/** docs/product/dashboard.md#dashboard-filters: a past (or coming) day disables the chips; today or no day leaves them on. */
export function arePeriodChipsEnabled(filters: Pick<DashboardFilters, 'date'>, today: string): boolean {
  return !isOtherDayChosen(filters, today);
}

/** docs/product/entries.md#entries-quick-entry: a past (or coming) day hides the entry box; today or no day shows it. */
export function isQuickEntryShown(filters: Pick<DashboardFilters, 'date'>, today: string): boolean {
  return !isOtherDayChosen(filters, today);
}

/** docs/product/entries.md#entries-list: "No entries on {date}." when a day is chosen and it has none. */
export function isEmptyDateHintShown(filters: Pick<DashboardFilters, 'date'>, total: number): boolean {
  return filters.date !== null && total === 0;
}

/** Search and themes need the decrypted text, so they filter in the browser; otherwise the server pages. */
export function isFilteredInBrowser(filters: Pick<DashboardFilters, 'search' | 'theme'>): boolean {
  return filters.search.trim() !== '' || filters.theme !== null;
}

/** docs/product/search.md#search-rules: the search box is disabled while a day is chosen and nothing is typed. */
export function isSearchBoxDisabled(date: string | null, text: string): boolean {
  return date !== null && text === '';
}

/** docs/product/dashboard.md#dashboard-filters: the entry box's prompt while a theme is chosen. */
export function themePrompt(theme: string): string {
  return `You've written about ${themeTag(theme)}. What helped you with ${themeTerm(theme)} this week?`;
}

export type EntryRange = { date?: string; from?: string; to?: string };

/**
 * The instants a period spans in the user's time zone, `to` excluded: today, the week from Monday,
 * the calendar month. All Time has no bounds.
 */
export function periodRange(period: DashboardPeriod, today: string, timeZone: string): EntryRange {
  let first: string;
  let next: string;
  if (period === 'today') {
    first = today;
    next = addDays(today, 1);
  } else if (period === 'week') {
    first = weekStart(today);
    next = addDays(first, 7);
  } else if (period === 'month') {
    first = firstOfMonth(monthOf(today));
    next = firstOfMonth(addMonthsToMonth(monthOf(today), 1));
  } else {
    return {};
  }
  return {
    from: startOfDayInZone(first, timeZone).toISOString(),
    to: startOfDayInZone(next, timeZone).toISOString(),
  };
}

/** What the list asks the server for: the chosen day, or the period's bounds. */
export function entryRange(filters: DashboardFilters, today: string, timeZone: string): EntryRange {
  if (filters.date !== null) return { date: filters.date };
  return periodRange(filters.period ?? DEFAULT_DASHBOARD_PERIOD, today, timeZone);
}
