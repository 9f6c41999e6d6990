import {
  AFFIRMATIONS,
  addDays,
  affirmationIndexForDay,
  computeStreak,
  localDate,
  type MoodRingItem,
  STREAK_MESSAGES,
} from '@daybook/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import { journalKeys } from '../../lib/query-keys.ts';
import { apiError, callsTo, json, sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
import { sealedEntry, storeTestEntryKey } from '../../test/entries.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { AffirmationCard } from './components/AffirmationCard.tsx';
import { COMPANION_OFFLINE } from './components/CompanionCard.tsx';
import { InsightsOverviewCard } from './components/InsightsOverviewCard.tsx';
import { MoodCard } from './components/MoodCard.tsx';
import { OnThisDayCard } from './components/OnThisDayCard.tsx';
import { STREAK_LOAD_FAILED, StreakCard, StreakCardView } from './components/StreakCard.tsx';
import { memoryAge } from './format.ts';
import { moodPrompt } from './moods.ts';

const today = localDate(new Date(), sessionUser.timezone);
const STREAK = 'GET /api/streak';

/** The dates of the `days` days ending `lastDay`. */
const run = (lastDay: string, days: number) => Array.from({ length: days }, (_, i) => addDays(lastDay, -i));

function renderCard(ui: React.ReactElement, handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ ...signedInHandlers(), ...handlers });
  return { ...renderWithProviders(ui, { path: '/dashboard' }), fetchMock };
}

const ringItem = (moodTag: string, daysAgo = 0): MoodRingItem => ({
  moodTag,
  entryDate: addDays(today, -daysAgo),
});

describe('StreakCard', () => {
  it('shows as many filled dots as the days it counts, Monday first like the calendar', () => {
    // Saturday 28 November, written every day since Sunday 22: last week's Sunday is no dot of this week.
    const saturday = '2026-11-28';
    render(<StreakCardView streak={computeStreak(run(saturday, 7), saturday)} />);
    expect(screen.getByText('6/7 days')).toBeTruthy();
    const days = within(screen.getByRole('list', { name: 'This week' })).getAllByRole('img');
    expect(days.map((day) => day.getAttribute('data-has-entry'))).toEqual([
      'true',
      'true',
      'true',
      'true',
      'true',
      'true',
      'false',
    ]);
    expect(days[0]?.getAttribute('aria-label')).toMatch(/^Mon.*23.*: Entry made$/);
    expect(days[5]?.getAttribute('aria-label')).toMatch(/^Today, .+: Entry made$/);
    expect(days[6]?.getAttribute('aria-label')).toMatch(/: Still to come$/);
  });

  it('shows a new streak: "1-day streak", "Great start! Keep it up!", and this week from Monday, today marked', async () => {
    const streak = computeStreak([today], today);
    renderCard(<StreakCard />, { [STREAK]: json(streak) });
    expect(await screen.findByText('1-day streak')).toBeTruthy();
    expect(screen.getByText('Great start! Keep it up!')).toBeTruthy();
    expect(screen.getByText(`${streak.thisWeek}/7 days`)).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Days written this week' });
    expect(bar.getAttribute('aria-valuenow')).toBe(String(Math.round((streak.thisWeek / 7) * 100)));
    expect(bar.getAttribute('aria-valuetext')).toBe(`${streak.thisWeek} of 7 days`);

    const days = within(screen.getByRole('list', { name: 'This week' })).getAllByRole('img');
    expect(days).toHaveLength(7);
    expect(
      days.filter((day) => /^Today, .+: Entry made$/.test(day.getAttribute('aria-label') ?? '')),
    ).toHaveLength(1);
    // Every dot is reachable by keyboard, so its tooltip is too.
    for (const day of days) expect(day.tabIndex).toBe(0);
    expect(screen.getByText('1 day')).toBeTruthy();
    expect(screen.queryByText(/milestone/)).toBeNull();
  });

  it('shows the message by length, the milestone reached and the best streak', async () => {
    const dates = [...run(today, 7), ...run(addDays(today, -20), 12)];
    renderCard(<StreakCard />, { [STREAK]: json(computeStreak(dates, today)) });
    expect(await screen.findByText('7-day streak')).toBeTruthy();
    expect(screen.getByText('One week strong!')).toBeTruthy();
    expect(screen.getByText('7-day milestone')).toBeTruthy();
    expect(screen.getByText('12 days')).toBeTruthy();
  });

  it.each([
    [6, null],
    [14, '14-day milestone'],
    [30, '30-day milestone'],
    [100, '100-day milestone'],
  ])('at %i days the badge is %s', async (days, badge) => {
    renderCard(<StreakCard />, { [STREAK]: json(computeStreak(run(today, days), today)) });
    expect(await screen.findByText(`${days}-day streak`)).toBeTruthy();
    if (badge) expect(screen.getByText(badge)).toBeTruthy();
    else expect(screen.queryByText(/milestone/)).toBeNull();
  });

  it('invites a new streak after a broken one: "Your last streak was N days. Start a new one!"', async () => {
    renderCard(<StreakCard />, { [STREAK]: json(computeStreak(run(addDays(today, -5), 4), today)) });
    expect(await screen.findByText('0-day streak')).toBeTruthy();
    expect(screen.getByText(STREAK_MESSAGES.lastStreak(4))).toBeTruthy();
  });

  it('shows a tooltip with the date and "Entry made" or "No entry" when a dot gets focus', async () => {
    renderCard(<StreakCard />, { [STREAK]: json(computeStreak([today], today)) });
    const days = await screen.findAllByRole('img', { name: /Entry made|No entry/ });
    act(() => days[0]?.focus());
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toMatch(/No entry$/);
  });

  it('says when the streak cannot be loaded, and tries again', async () => {
    let fails = true;
    renderCard(<StreakCard />, {
      [STREAK]: () =>
        fails
          ? jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500)
          : jsonResponse(computeStreak([today], today)),
    });
    expect(await screen.findByText(STREAK_LOAD_FAILED)).toBeTruthy();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1-day streak')).toBeTruthy();
  });

  it('offline, says quietly that it comes back online, with no error or retry (ADR 084)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderCard(<StreakCard />, { [STREAK]: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await screen.findByText(COMPANION_OFFLINE, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(STREAK_LOAD_FAILED)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('refreshes when the journal changes (own writes and the live entry event invalidate its root)', async () => {
    let dates: string[] = [];
    const { fetchMock, queryClient } = renderCard(<StreakCard />, {
      [STREAK]: () => jsonResponse(computeStreak(dates, today)),
    });
    expect(await screen.findByText('0-day streak')).toBeTruthy();
    expect(screen.getByText('Start your streak today!')).toBeTruthy();
    dates = [today];
    await act(() => queryClient.invalidateQueries({ queryKey: journalKeys.all }));
    expect(await screen.findByText('1-day streak')).toBeTruthy();
    expect(callsTo(fetchMock, STREAK)).toHaveLength(2);
  });
});

describe('MoodCard', () => {
  it("shows today's mood and the ring's moods; choosing one puts its prompt in the entry box", async () => {
    const onChoosePrompt = vi.fn();
    renderCard(<MoodCard onChoosePrompt={onChoosePrompt} />, {
      'GET /api/moods/ring': json({
        moods: [ringItem('Happy'), ringItem('Anxious', 1), ringItem('Happy', 2)],
      }),
      'GET /api/moods/current': json({ moodTag: 'Happy' }),
    });
    const region = await screen.findByRole('region', { name: 'Mood' });
    expect(within(region).getByText('Current mood')).toBeTruthy();
    expect(
      within(region).getByRole('img', {
        name: 'Mood ring of the last 7 days: 2 positive, 0 neutral, 1 negative',
      }),
    ).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Write about Happy (2 times in 7 days)' }));
    expect(onChoosePrompt).toHaveBeenCalledWith(
      "You've written about Happy. What helped you with Happy this week?",
    );
    expect(within(region).getByRole('button', { name: 'Write about Anxious (once in 7 days)' })).toBeTruthy();
  });

  it('shows the moods without buttons when there is no entry box, and says when there are none', async () => {
    renderCard(<MoodCard />, {
      'GET /api/moods/ring': json({ moods: [ringItem('Calm')] }),
    });
    const region = await screen.findByRole('region', { name: 'Mood' });
    expect(within(region).getByText('Calm')).toBeTruthy();
    expect(within(region).queryByRole('button')).toBeNull();
    expect(within(region).getByText('No mood yet today')).toBeTruthy();
  });

  it('says so when the last 7 days have no moods', async () => {
    renderCard(<MoodCard onChoosePrompt={() => {}} />);
    expect(await screen.findByText(/No moods in the last 7 days/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Mood ring: no moods in the last 7 days' })).toBeTruthy();
  });

  it('retries the mood ring once, then says it could not be loaded', async () => {
    const { fetchMock } = renderCard(<MoodCard />, {
      'GET /api/moods/ring': apiError(500, 'INTERNAL', 'Boom'),
    });
    expect(
      await screen.findByText('Your moods could not be loaded.', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/moods/ring')).toHaveLength(2);
  });

  it('does not retry the mood when the failure is about auth', async () => {
    const { fetchMock } = renderCard(<MoodCard />, {
      'GET /api/moods/current': apiError(500, 'INTERNAL', 'The auth service is down'),
    });
    expect(await screen.findByText('No mood yet today')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/moods/current')).toHaveLength(1));
  });

  it('words the prompt as the spec does', () => {
    expect(moodPrompt('Calm')).toBe("You've written about Calm. What helped you with Calm this week?");
  });
});

describe('InsightsOverviewCard', () => {
  it('shows the streak and the 7 days of moods as percentages to 1 decimal', async () => {
    const moods = ['Happy', 'Happy', 'Happy', 'Happy', 'Happy', 'Sad', 'Tired', 'Calm'].map((m) =>
      ringItem(m),
    );
    renderCard(<InsightsOverviewCard />, {
      [STREAK]: json(computeStreak(run(today, 3), today)),
      'GET /api/moods/ring': json({ moods }),
    });
    const region = await screen.findByRole('region', { name: 'Insights overview' });
    expect(await within(region).findByText('3-day streak')).toBeTruthy();
    expect(within(region).getByText('Mood (7 days)')).toBeTruthy();
    const shares = Object.fromEntries(
      within(region)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(shares).toEqual({ Positive: '75.0%', Neutral: '12.5%', Negative: '12.5%' });
  });

  it('rounds each share to 1 decimal', async () => {
    renderCard(<InsightsOverviewCard />, {
      'GET /api/moods/ring': json({ moods: ['Happy', 'Sad', 'Tired'].map((m) => ringItem(m)) }),
    });
    expect(await screen.findAllByText('33.3%')).toHaveLength(3);
  });

  it('says "No data" without moods', async () => {
    renderCard(<InsightsOverviewCard />);
    expect(await screen.findByText('No data')).toBeTruthy();
    expect(screen.queryByRole('term')).toBeNull();
  });
});

describe('AffirmationCard', () => {
  it("shows the day's message, shuffles to another, and stays dismissed for the day", () => {
    stubApi(signedInHandlers());
    const { unmount } = renderWithProviders(<AffirmationCard today="2026-02-01" />);
    const region = screen.getByRole('region', { name: 'Daily affirmation' });
    // 1 February is day 32 of the year: the second message.
    expect(within(region).getByText(AFFIRMATIONS[affirmationIndexForDay('2026-02-01')]!)).toBeTruthy();
    expect(affirmationIndexForDay('2026-02-01')).toBe(1);

    fireEvent.click(within(region).getByRole('button', { name: 'Shuffle affirmation' }));
    expect(within(region).queryByText(AFFIRMATIONS[1]!)).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: 'Dismiss affirmation until tomorrow' }));
    expect(screen.queryByRole('region', { name: 'Daily affirmation' })).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.affirmationDismissedDate)).toBe('2026-02-01');
    unmount();

    renderWithProviders(<AffirmationCard today="2026-02-01" />);
    expect(screen.queryByRole('region', { name: 'Daily affirmation' })).toBeNull();
  });

  it("comes back the next day with that day's message", () => {
    stubApi(signedInHandlers());
    localStorage.setItem(STORAGE_KEYS.affirmationDismissedDate, '2026-02-01');
    renderWithProviders(<AffirmationCard today="2026-02-02" />);
    expect(screen.getByText(AFFIRMATIONS[2]!)).toBeTruthy();
  });
});

describe('OnThisDayCard', () => {
  const ON_THIS_DAY = 'GET /api/entries/on-this-day';
  const dayHref = (date: string) => `/dashboard?date=${date}`;

  it('shows earlier entries of this date, decrypted, each opening its day', async () => {
    await storeTestEntryKey();
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    const monthAgo = addDays(today, -30);
    const entries = [
      await sealedEntry('Planted the tulip bulbs by the fence.', {
        entryDate: yearAgo,
        createdAt: `${yearAgo}T10:00:00Z`,
        moodTag: 'Calm',
      }),
      await sealedEntry('First snow of the year.', {
        entryDate: monthAgo,
        createdAt: `${monthAgo}T10:00:00Z`,
      }),
    ];
    const { fetchMock } = renderCard(<OnThisDayCard today={today} dayHref={dayHref} />, {
      [ON_THIS_DAY]: json({ entries }),
    });
    const region = await screen.findByRole('region', { name: 'On this day' });
    const link = await within(region).findByRole('link', { name: /Planted the tulip bulbs by the fence\./ });
    expect(link.getAttribute('href')).toBe(`/dashboard?date=${yearAgo}`);
    expect(link.textContent).toContain('1 year ago');
    expect(within(region).getByRole('link', { name: /First snow of the year\./ })).toBeTruthy();
    const [query] = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/entries/on-this-day');
    expect(query?.searchParams.get('date')).toBe(today);
  });

  it('stays away when there is nothing from this date', async () => {
    await storeTestEntryKey();
    const { fetchMock } = renderCard(<OnThisDayCard today={today} dayHref={dayHref} />);
    await waitFor(() => expect(callsTo(fetchMock, ON_THIS_DAY)).toHaveLength(1));
    // Settled: the key was derived and the empty answer arrived; still no card.
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'On this day' })).toBeNull();
  });

  it('names how long ago an entry was written', () => {
    expect(memoryAge('2025-11-22', '2026-11-22')).toBe('1 year ago');
    expect(memoryAge('2023-11-22', '2026-11-22')).toBe('3 years ago');
    expect(memoryAge('2026-10-22', '2026-11-22')).toBe('1 month ago');
    expect(memoryAge('2025-12-22', '2026-01-22')).toBe('1 month ago');
  });
});
