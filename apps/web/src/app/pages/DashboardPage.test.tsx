import { addDays, type Entry, localDate, periodRange } from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format, parseISO } from 'date-fns';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { OFFLINE_COPY_NOTICE } from '../../features/entries/offline-notice.ts';
import { ENTRY_COPY, withStore } from '../../lib/offline/idb.ts';
import { apiError, json, profile, sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
import { fakeWindowWidth } from '../../test/browser-api-fakes.ts';
import { entryPage, safeVerdict, sealedEntry, storeTestEntryKey } from '../../test/entries.ts';
import { jsonResponse, paragraphText, renderRoutes, renderWithProviders } from '../../test/render.tsx';
import { routes } from '../router.tsx';
import DashboardPage from './DashboardPage.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const zone = sessionUser.timezone;
const today = localDate(new Date(), zone);
const LIST = 'GET /api/entries';
const CANDIDATES = 'GET /api/entries/search-candidates';

type Handlers = Parameters<typeof stubApi>[0];

async function renderDashboard(path = '/dashboard', handlers: Handlers = {}) {
  await storeTestEntryKey();
  const fetchMock = stubApi({
    ...signedInHandlers(),
    'POST /api/moderation/text': json(safeVerdict),
    ...handlers,
  });
  const result = renderWithProviders(<DashboardPage />, { path });
  return { ...result, fetchMock };
}

/** The query strings of the calls made to one endpoint, in order. */
function queriesTo(fetchMock: ReturnType<typeof stubApi>, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

const lastQuery = (fetchMock: ReturnType<typeof stubApi>, path = '/api/entries') => {
  const queries = queriesTo(fetchMock, path);
  return Object.fromEntries(queries.at(-1) ?? []);
};

const chip = (name: string) => screen.getByRole('button', { name });
const dayName = (date: string) => new RegExp(`^${format(parseISO(date), 'EEEE, MMMM d, yyyy')}`);
const dayButton = (date: string) => screen.getByRole('button', { name: dayName(date) });

/** Early in a month a past day may be outside the grid: go back a month first. */
function showDay(date: string) {
  if (!screen.queryByRole('button', { name: dayName(date) })) {
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
  }
  return dayButton(date);
}
const entryBox = () => screen.queryByRole('textbox', { name: "What's on your mind?" });

describe('the dashboard on a phone', () => {
  it('puts the writing box before the welcome card, which a wide screen shows above it (docs/product/dashboard.md#dashboard-layout)', async () => {
    const writingBoxFirst = async () => {
      const welcome = await screen.findByRole('region', { name: 'Welcome to Daybook' });
      const box = await screen.findByRole('textbox', { name: "What's on your mind?" });
      return Boolean(box.compareDocumentPosition(welcome) & Node.DOCUMENT_POSITION_FOLLOWING);
    };
    fakeWindowWidth(390);
    const phone = await renderDashboard();
    expect(await writingBoxFirst()).toBe(true);
    phone.unmount();

    fakeWindowWidth(1366);
    await renderDashboard();
    expect(await writingBoxFirst()).toBe(false);
  });
});

describe('dashboard filters', () => {
  it('opens on This Week, asking for Monday to Monday in the user time zone; chips switch the range', async () => {
    const { fetchMock } = await renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Show entries from' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => [button.textContent, button.getAttribute('aria-pressed')]),
    ).toEqual([
      ['Today', 'false'],
      ['This Week', 'true'],
      ['This Month', 'false'],
      ['All Time', 'false'],
    ]);
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({ page: '1', pageSize: '5', ...periodRange('week', today, zone) }),
    );

    fireEvent.click(chip('Today'));
    expect(chip('Today').getAttribute('aria-pressed')).toBe('true');
    expect(chip('This Week').getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject(periodRange('today', today, zone)));

    fireEvent.click(chip('This Month'));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject(periodRange('month', today, zone)));

    fireEvent.click(chip('All Time'));
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ page: '1', pageSize: '5' }));
    // The search box and the list stay usable throughout.
    expect(screen.getByRole('searchbox', { name: 'Search entries' })).toHaveProperty('disabled', false);
  });

  it('pages 5 at a time with the exact total, back to page 1 when the filter changes', async () => {
    const entries = await Promise.all([1, 2, 3, 4, 5].map((n) => sealedEntry(`Entry ${n}`)));
    const { fetchMock } = await renderDashboard('/dashboard', {
      [LIST]: ({ url }) => jsonResponse(entryPage(entries, 12, Number(url.searchParams.get('page')))),
    });
    expect(await screen.findByText('12 entries')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Entry pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(fetchMock).page).toBe('2'));
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(fetchMock).page).toBe('3'));
    expect(within(pages).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);

    fireEvent.click(chip('This Month'));
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toMatchObject({ page: '1', ...periodRange('month', today, zone) }),
    );
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
  });

  it('a past day from the calendar: date chip, chips disabled, no entry box, the day in the address', async () => {
    const past = addDays(today, -3);
    const { fetchMock, router } = await renderDashboard();
    await screen.findByRole('grid');
    expect(entryBox()).toBeTruthy();
    fireEvent.click(showDay(past));

    const dateLabel = format(parseISO(past), 'MMM d, yyyy');
    expect(await screen.findByText(`Date: ${dateLabel}`)).toBeTruthy();
    expect(chip('This Week')).toHaveProperty('disabled', true);
    expect(chip('This Week').getAttribute('aria-pressed')).toBe('false');
    expect(entryBox()).toBeNull();
    expect(router.state.location.search).toBe(`?date=${past}`);
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ page: '1', pageSize: '5', date: past }));
    const search = screen.getByRole('searchbox', { name: 'Search entries' });
    expect(search.getAttribute('placeholder')).toBe(`Search in ${dateLabel}...`);
    expect(search).toHaveProperty('disabled', true);

    // The chip's own button clears the day: back to This Week with the entry box.
    const dateChip = screen.getByText(`Date: ${dateLabel}`);
    fireEvent.click(within(dateChip).getByRole('button', { name: 'Clear date' }));
    expect(chip('This Week').getAttribute('aria-pressed')).toBe('true');
    expect(chip('This Week')).toHaveProperty('disabled', false);
    expect(entryBox()).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('choosing the chosen day again, or today, shows This Week', async () => {
    const past = addDays(today, -2);
    await renderDashboard();
    await screen.findByRole('grid');
    fireEvent.click(chip('All Time'));
    fireEvent.click(showDay(past));
    expect(chip('All Time').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(dayButton(past));
    expect(chip('This Week').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chip('Today'));
    const jump = screen.queryByRole('button', { name: 'Jump to today' });
    if (jump) fireEvent.click(jump);
    fireEvent.click(dayButton(today));
    expect(chip('This Week').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText(/^Date: /)).toBeNull();
  });

  it('?date= preselects the day, and a day without entries offers "Search all time" and "Clear date"', async () => {
    const past = addDays(today, -10);
    const dateLabel = format(parseISO(past), 'MMM d, yyyy');
    const { fetchMock, router } = await renderDashboard(`/dashboard?date=${past}`);
    expect(await screen.findByText(`No entries on ${dateLabel}.`)).toBeTruthy();
    expect(screen.getByText(`Date: ${dateLabel}`)).toBeTruthy();
    expect(queriesTo(fetchMock, '/api/entries').every((query) => query.get('date') === past)).toBe(true);
    expect(dayButton(past).closest('[role="gridcell"]')?.getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Search all time' }));
    expect(chip('All Time').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText(/^Date: /)).toBeNull();
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ page: '1', pageSize: '5' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('the empty-date hint\'s "Clear date" goes back to This Week', async () => {
    const past = addDays(today, -10);
    await renderDashboard(`/dashboard?date=${past}`);
    const hint = (await screen.findByText(/^No entries on /)).parentElement as HTMLElement;
    fireEvent.click(within(hint).getByRole('button', { name: 'Clear date' }));
    expect(chip('This Week').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText(/^No entries on /)).toBeNull();
  });

  it('a #tag in an entry chooses its theme: chip, prompt, and the entries about it from the browser', async () => {
    const work = await sealedEntry('Long day at #work, then tea');
    const garden = await sealedEntry('Weeding. #garden');
    const homework = await sealedEntry('Helped with homework');
    const { fetchMock } = await renderDashboard('/dashboard', {
      [LIST]: json(entryPage([work, garden])),
      [CANDIDATES]: json({ entries: [work, garden, homework], next: null }),
    });
    const themes = await screen.findByRole('group', { name: 'Themes in these entries' });
    expect(
      within(themes)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['#garden', '#work']);
    const card = screen.getByText(/Long day at/).closest('article') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: '#work' }));

    expect(await screen.findByText('Theme: work')).toBeTruthy();
    const prompt = "You've written about #work. What helped you with work this week?";
    expect(entryBox()?.getAttribute('placeholder')).toBe(prompt);
    expect(screen.getByText(prompt)).toBeTruthy();
    // Partial and case-insensitive: "homework" is about work too.
    expect(await screen.findByText('2 entries found')).toBeTruthy();
    expect(screen.queryByText(/Weeding/)).toBeNull();
    expect(lastQuery(fetchMock, '/api/entries/search-candidates')).toEqual(periodRange('week', today, zone));

    fireEvent.click(screen.getByRole('button', { name: 'Clear theme' }));
    expect(screen.queryByText('Theme: work')).toBeNull();
    expect(await screen.findByText(/Weeding/)).toBeTruthy();
    expect(entryBox()?.getAttribute('placeholder')).not.toBe(prompt);
  });

  it('searches the active range in the browser, and "Search all time" widens it', async () => {
    const old: Entry = await sealedEntry('The lighthouse, long ago', { createdAt: '2020-03-04T12:00:00Z' });
    const { fetchMock } = await renderDashboard('/dashboard', {
      [CANDIDATES]: ({ url }) =>
        jsonResponse({ entries: url.searchParams.has('from') ? [] : [old], next: null }),
    });
    const search = await screen.findByRole('searchbox', { name: 'Search entries' });
    fireEvent.change(search, { target: { value: 'Lighthouse' } });
    fireEvent.submit(search);
    expect(await screen.findByText('No entries match "Lighthouse"')).toBeTruthy();
    expect(lastQuery(fetchMock, '/api/entries/search-candidates')).toEqual(periodRange('week', today, zone));

    fireEvent.click(screen.getByRole('button', { name: 'Search all time' }));
    expect(await screen.findByText('1 entry found')).toBeTruthy();
    expect(screen.getByText(paragraphText('The lighthouse, long ago'))).toBeTruthy();
    expect(chip('All Time').getAttribute('aria-pressed')).toBe('true');
    expect(lastQuery(fetchMock, '/api/entries/search-candidates')).toEqual({});
  });
});

describe('dashboard errors', () => {
  it('says "Unable to load dashboard" when both the profile and the mood fail (docs/product/dashboard.md#dashboard-errors)', async () => {
    await renderDashboard('/dashboard', {
      'GET /api/me': apiError(500, 'INTERNAL', 'Boom'),
      'GET /api/moods/current': apiError(500, 'INTERNAL', 'Boom'),
    });
    expect(await screen.findByRole('heading', { name: 'Unable to load dashboard' })).toBeTruthy();
    expect(
      screen.getByText("We're having trouble loading your dashboard data. Please try refreshing the page."),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
  });

  it('still shows the dashboard when only the profile fails, even with the entries failing too', async () => {
    await renderDashboard('/dashboard', {
      'GET /api/me': apiError(500, 'INTERNAL', 'Boom'),
      [LIST]: apiError(500, 'INTERNAL', 'Boom'),
    });
    expect(await screen.findByText(/Your entries could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Unable to load dashboard' })).toBeNull();
  });

  it('greets a first visit, a journal without an entry yet, with "Welcome", not "Welcome back"', async () => {
    await renderDashboard('/dashboard', {
      'GET /api/me': json({ ...profile, fullName: sessionUser.fullName, hasEntries: false }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
  });

  it('still shows the dashboard when only the mood fails', async () => {
    await renderDashboard('/dashboard', {
      'GET /api/moods/current': apiError(500, 'INTERNAL', 'Boom'),
      [LIST]: json(entryPage([await sealedEntry('Still here')])),
    });
    expect(await screen.findByText('Still here')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Unable to load dashboard' })).toBeNull();
  });
});

describe('dashboard companions', () => {
  it('shows the streak, moods and insights beside the journal, and the daily affirmation', async () => {
    await renderDashboard();
    expect(await screen.findByRole('region', { name: 'Streak' })).toBeTruthy();
    expect(screen.getByText('Start your streak today!')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Mood' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Insights overview' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Daily affirmation' })).toBeTruthy();
  });

  it('choosing a mood in the ring puts its prompt in the entry box, and a theme replaces it', async () => {
    await renderDashboard('/dashboard', {
      'GET /api/moods/ring': json({ moods: [{ moodTag: 'Calm', entryDate: today }] }),
      [LIST]: json(entryPage([await sealedEntry('Long walk. #walks')])),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Write about Calm/ }));
    const prompt = "You've written about Calm. What helped you with Calm this week?";
    await waitFor(() => expect(entryBox()?.getAttribute('placeholder')).toBe(prompt));
    expect(document.activeElement).toBe(entryBox());

    const themes = await screen.findByRole('group', { name: 'Themes in these entries' });
    fireEvent.click(within(themes).getByRole('button', { name: '#walks' }));
    await waitFor(() =>
      expect(entryBox()?.getAttribute('placeholder')).toBe(
        "You've written about #walks. What helped you with walks this week?",
      ),
    );
  });

  it('On This Day opens an earlier entry on its day in the journal', async () => {
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    const memory = await sealedEntry('A year ago I started this journal.', {
      entryDate: yearAgo,
      createdAt: `${yearAgo}T10:00:00Z`,
    });
    await renderDashboard('/dashboard', { 'GET /api/entries/on-this-day': json({ entries: [memory] }) });
    fireEvent.click(await screen.findByRole('link', { name: /A year ago I started this journal\./ }));
    expect(await screen.findByText(`Date: ${format(parseISO(yearAgo), 'MMM d, yyyy')}`)).toBeTruthy();
  });
});

describe('the side menu calendar', () => {
  it('shows the chosen day on the dashboard through the address', async () => {
    const past = addDays(today, -4);
    await storeTestEntryKey();
    stubApi({ ...signedInHandlers(), 'POST /api/moderation/text': json(safeVerdict) });
    const { router } = renderRoutes(createMemoryRouter(routes, { initialEntries: ['/profile'] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    if (!within(menu).queryByRole('button', { name: dayName(past) })) {
      fireEvent.click(within(menu).getByRole('button', { name: 'Previous month' }));
    }
    fireEvent.click(within(menu).getByRole('button', { name: dayName(past) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe(`?date=${past}`);
    expect(await screen.findByText(`Date: ${format(parseISO(past), 'MMM d, yyyy')}`)).toBeTruthy();
  });
});

describe('the dashboard without a network (ADR 084)', () => {
  const offline = () => () => Promise.reject(new TypeError('Failed to fetch'));
  const copied = async () => (await withStore<number>(ENTRY_COPY, 'readonly', (store) => store.count())) ?? 0;

  it('lists the entries kept from an earlier visit, with one notice, for a period and for a day', async () => {
    const lastMonth = addDays(today, -40);
    const older = await sealedEntry('Fog over the harbour', {
      createdAt: `${lastMonth}T12:00:00.000Z`,
      entryDate: lastMonth,
      moodTag: 'Calm',
    });
    const recent = await sealedEntry('Tea and a crossword');
    const first = await renderDashboard('/dashboard', { [LIST]: json(entryPage([recent, older])) });
    expect(await screen.findByText('Fog over the harbour')).toBeTruthy();
    await waitFor(async () => expect(await copied()).toBe(2));
    first.unmount();

    await renderDashboard('/dashboard', { [LIST]: offline(), [CANDIDATES]: offline() });
    expect(await screen.findByText('Tea and a crossword')).toBeTruthy();
    expect(screen.getAllByText(OFFLINE_COPY_NOTICE)).toHaveLength(1);
    expect(screen.queryByText(/could not be loaded/)).toBeNull();

    fireEvent.click(chip('All Time'));
    expect(await screen.findByText('Fog over the harbour')).toBeTruthy();
    expect(screen.getByText('2 entries')).toBeTruthy();
    // A search runs over the copy too.
    const search = screen.getByRole('searchbox', { name: 'Search entries' });
    fireEvent.change(search, { target: { value: 'fog' } });
    fireEvent.submit(search);
    expect(await screen.findByText('1 entry found')).toBeTruthy();
    expect(screen.getAllByText(OFFLINE_COPY_NOTICE)).toHaveLength(1);
  });

  it('reads one day of the copy, as the calendar asks for it', async () => {
    const lastMonth = addDays(today, -40);
    const older = await sealedEntry('Fog over the harbour', {
      createdAt: `${lastMonth}T12:00:00.000Z`,
      entryDate: lastMonth,
    });
    const recent = await sealedEntry('Tea and a crossword');
    const first = await renderDashboard('/dashboard', { [LIST]: json(entryPage([recent, older])) });
    expect(await screen.findByText('Fog over the harbour')).toBeTruthy();
    await waitFor(async () => expect(await copied()).toBe(2));
    first.unmount();

    await renderDashboard(`/dashboard?date=${lastMonth}`, { [LIST]: offline(), [CANDIDATES]: offline() });
    expect(await screen.findByText('Fog over the harbour')).toBeTruthy();
    expect(screen.queryByText('Tea and a crossword')).toBeNull();
    expect(screen.getAllByText(OFFLINE_COPY_NOTICE)).toHaveLength(1);
  });
});
