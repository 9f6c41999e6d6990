import {
  arePeriodChipsEnabled,
  collectThemes,
  type DashboardFilterAction,
  type DashboardPeriod,
  ENTRY_LIMITS,
  entryRange,
  greeting,
  isEmptyDateHintShown,
  isFilteredInBrowser,
  isQuickEntryShown,
  pageCount,
  themePrompt,
  themeTerm,
} from '@daybook/shared';
import {
  type ActionDispatch,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useCallback,
  useDeferredValue,
  useRef,
  useState,
} from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { WhenNearScreen } from '../../components/ui/when-near-screen.tsx';
import { DashboardWelcomeCard } from '../../features/billing/components/DashboardWelcomeCard.tsx';
import { MiniCalendar } from '../../features/calendar/components/MiniCalendar.tsx';
import { useCurrentMood } from '../../features/companions/api/get-moods.ts';
import { AffirmationCard } from '../../features/companions/components/AffirmationCard.tsx';
import { CompanionsSkeleton } from '../../features/companions/components/CompanionsSkeleton.tsx';
import { DashboardLayout } from '../../features/dashboard/components/DashboardLayout.tsx';
import { DashboardUnavailable } from '../../features/dashboard/components/DashboardUnavailable.tsx';
import { ClearableChip, PeriodChips, ThemeChips } from '../../features/dashboard/components/FilterChips.tsx';
import {
  DASHBOARD_DATE_PARAM,
  useDashboardFilters,
} from '../../features/dashboard/hooks/use-dashboard-filters.ts';
import { EmptyState, EntryFeedView } from '../../features/entries/components/EntryList.tsx';
import { EntrySearchBox } from '../../features/entries/components/EntrySearchBox.tsx';
import { entryCount } from '../../features/entries/format.ts';
import { useEntryPageFeed, useEntrySearchFeed } from '../../features/entries/hooks/use-entry-feed.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/dates.ts';
import { useProfile } from '../../lib/profile.ts';
import { useSession } from '../../lib/session/get-session.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useIsOffline } from '../../lib/use-is-offline.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { usableTimeZone, useToday } from '../../lib/use-today.ts';
import { QuickEntryCardWithMedia, renderEntryMedia } from './entry-media.tsx';
import { renderEntryShare } from './entry-share.tsx';

/** The Future Self card loads after the journal: it is below the fold and keeps the first load in budget (ADR 020). */
const FutureSelfCard = memo(
  lazy(async () => ({
    default: (await import('../../features/future-messages/components/FutureSelfCard.tsx')).FutureSelfCard,
  })),
);

/** Shown only once a message has arrived, which it learns after the first paint anyway. */
const FutureMessageBanner = lazy(async () => ({
  default: (await import('../../features/future-messages/components/FutureMessageBanner.tsx'))
    .FutureMessageBanner,
}));

/** Entries written offline and not yet sent (ADR 041): its IndexedDB code loads with it, after the journal. */
const QueuedEntries = lazy(async () => ({
  default: (await import('../../features/entries/components/QueuedEntries.tsx')).QueuedEntries,
}));

/** Streak, moods, insights and On This Day: below the fold on small screens, beside the journal on wide ones. */
const DashboardCompanions = memo(
  lazy(async () => ({
    default: (await import('../../features/companions/components/DashboardCompanions.tsx'))
      .DashboardCompanions,
  })),
);

/*
 * Each answer that reaches the page (session, profile, entries) renders it again, in one task. The cards that do
 * not depend on those answers keep their last render (ADR 046).
 */
const StableAffirmationCard = memo(AffirmationCard);
const StableQuickEntryCard = memo(QuickEntryCardWithMedia);

const DashboardCalendar = memo(function DashboardCalendar({
  selectedDate,
  today,
  dispatch,
}: {
  selectedDate: string | null;
  today: string;
  dispatch: ActionDispatch<[action: DashboardFilterAction]>;
}) {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="font-sans text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        Calendar
      </h2>
      <MiniCalendar
        selectedDate={selectedDate}
        today={today}
        onSelectDate={(date) => dispatch({ type: 'selectDate', date, today })}
        onMoveDate={(date) => dispatch({ type: 'setDate', date })}
      />
    </Card>
  );
});

/** The journal's list, where an earlier entry (On This Day) opens on its day. */
const ENTRIES_ANCHOR = 'journal-entries';
const dayHref = (date: string) => `/dashboard?${DASHBOARD_DATE_PARAM}=${date}#${ENTRIES_ANCHOR}`;

/**
 * The plan pieces (checkout overlay, signup banner, upgrade celebration, the return from checkout) load after the
 * journal: most visits show none of them, and the dashboard's first load stays in budget.
 */
const DashboardBilling = lazy(async () => ({
  default: (await import('../../features/billing/components/DashboardBilling.tsx')).DashboardBilling,
}));

function FutureSelfCardSkeleton() {
  return (
    <Card aria-busy="true" className="flex flex-col gap-3 p-4">
      <span className="sr-only">Loading Future Self</span>
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-10 w-44" />
    </Card>
  );
}

/** Hashtag chips offered from the entries on screen. */
const MAX_THEME_CHIPS = 8;

/** What the page reads from the session, the server and the browser: each of these can change on its own. */
function useDashboardInputs() {
  const { user } = useSession();
  const profile = useProfile();
  const isOffline = useIsOffline();
  const currentMood = useCurrentMood();
  const timeZone = usableTimeZone(profile.data?.timezone ?? user?.timezone ?? browserTimeZone());
  const today = useToday(timeZone);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const { filters, dispatch } = useDashboardFilters();

  const range = entryRange(filters, today, timeZone);
  const isSearching = isFilteredInBrowser(filters);
  const criteria = { query: filters.search, theme: filters.theme };
  const pageFeed = useEntryPageFeed({ filters: range, page: filters.page, enabled: !isSearching });
  const searchFeed = useEntrySearchFeed({ range, criteria, page: filters.page, enabled: isSearching });
  const feed = isSearching ? searchFeed : pageFeed;
  // docs/product/dashboard.md#dashboard-errors: only when both the profile and the mood could not be loaded.
  // Offline, both fail by nature: the page still opens, for the quick entry card's queue (ADR 041), and stays
  // open while they are asked again once the network is back (a lost network is status 0).
  const isUnreachable = isOffline || (profile.error instanceof ApiRequestError && profile.error.status === 0);
  const isUnavailable = profile.isError && currentMood.isError && !isUnreachable;
  // Until the profile answers, "Welcome back": the server's first screen already greeted from the same profile.
  const heading = greeting(profile.data?.fullName ?? user?.fullName, {
    isFirstVisit: profile.data ? !profile.data.hasEntries : false,
  });
  return { heading, timeZone, today, isMobile, filters, dispatch, isSearching, feed, isUnavailable };
}

type DashboardInputs = ReturnType<typeof useDashboardInputs>;

/**
 * /dashboard combines features (the greeting and filters from dashboard, the calendar, writing and the list
 * from entries, their attachments from media), so it is composed here in app/: features never import each
 * other. The filters follow the shared reducer (docs/product/dashboard.md#dashboard-filters); search and themes filter decrypted entries in the
 * browser, otherwise the server pages the list. On small screens the calendar lives in the side menu instead
 * of the sidebar.
 */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const inputs = useDashboardInputs();
  // Each answer (session, profile, mood, entries) reaches this component at once, in a render React cannot
  // interrupt (TanStack Query's store). Only this component runs then: the page under it renders with the new
  // answer in a deferred render, which yields to the browser every few milliseconds (ADR 051).
  const deferredInputs = useDeferredValue(inputs);
  return <DashboardBody {...deferredInputs} />;
}

const DashboardBody = memo(function DashboardBody({
  heading,
  timeZone,
  today,
  isMobile,
  filters,
  dispatch,
  isSearching,
  feed,
  isUnavailable,
}: DashboardInputs) {
  // The first render draws what the first screen needs; the companions, the Future Self card and the offline
  // queue follow in a second, interruptible render, so the page's first task stays short (ADR 046).
  const isFirstScreenDrawn = useDeferredValue(true, false);
  const totalPages = pageCount(feed.total, ENTRY_LIMITS.pageSize);

  const onPageChange = useCallback(
    (page: number) => dispatch({ type: 'setPage', page, totalPages }),
    [dispatch, totalPages],
  );
  // A mood chosen in the ring puts its prompt in the entry box, until a theme is chosen (docs/product/search.md#search-themes).
  const [moodPrompt, setMoodPrompt] = useState<string | null>(null);
  const entryBoxRef = useRef<HTMLDivElement>(null);
  const onChoosePrompt = useCallback((prompt: string) => {
    setMoodPrompt(prompt);
    const textbox = entryBoxRef.current?.querySelector('textarea');
    textbox?.focus({ preventScroll: true });
    textbox?.scrollIntoView?.({ block: 'center' });
  }, []);
  const onThemeSelect = useCallback(
    (theme: string) => {
      setMoodPrompt(null);
      dispatch({ type: 'setTheme', theme });
    },
    [dispatch],
  );
  const onPeriodChange = (period: DashboardPeriod) => dispatch({ type: 'setPeriod', period });
  const searchAllTime = () => dispatch({ type: 'searchAllTime' });
  const clearDate = () => dispatch({ type: 'clearDate' });

  if (isUnavailable) return <DashboardUnavailable />;

  const query = filters.search.trim();
  const themes = collectThemes(feed.entries, MAX_THEME_CHIPS + 1)
    .filter((theme) => theme !== filters.theme)
    .slice(0, MAX_THEME_CHIPS);

  let emptyState: ReactNode;
  if (isSearching) {
    emptyState = (
      <EmptyState message={query ? `No entries match "${query}"` : `No entries about ${filters.theme}`}>
        {filters.period !== 'all' ? (
          <Button size="sm" onClick={searchAllTime}>
            Search all time
          </Button>
        ) : null}
        {filters.date ? (
          <Button size="sm" variant="outline" onClick={clearDate}>
            Clear date
          </Button>
        ) : null}
      </EmptyState>
    );
  } else if (filters.date && isEmptyDateHintShown(filters, feed.total)) {
    emptyState = (
      <EmptyState message={`No entries on ${formatDay('mediumDate', filters.date)}.`}>
        <Button size="sm" onClick={searchAllTime}>
          Search all time
        </Button>
        <Button size="sm" variant="outline" onClick={clearDate}>
          Clear date
        </Button>
      </EmptyState>
    );
  }

  const calendar = <DashboardCalendar selectedDate={filters.date} today={today} dispatch={dispatch} />;

  const isEntryBoxShown = isQuickEntryShown(filters, today);
  const companions = isFirstScreenDrawn ? (
    <Suspense fallback={<CompanionsSkeleton />}>
      <DashboardCompanions
        today={today}
        dayHref={dayHref}
        onChoosePrompt={isEntryBoxShown ? onChoosePrompt : undefined}
      />
    </Suspense>
  ) : (
    <CompanionsSkeleton />
  );

  const futureSelf = isFirstScreenDrawn ? (
    <Suspense fallback={<FutureSelfCardSkeleton />}>
      <FutureSelfCard timeZone={timeZone} />
    </Suspense>
  ) : (
    <FutureSelfCardSkeleton />
  );

  const promotions = (
    <>
      <Suspense fallback={null}>
        <DashboardBilling />
      </Suspense>
      <DashboardWelcomeCard />
    </>
  );
  return (
    <DashboardLayout
      heading={heading}
      sidebar={
        isMobile ? undefined : (
          <>
            {companions}
            {calendar}
            {futureSelf}
          </>
        )
      }
    >
      {isMobile ? null : promotions}
      <Suspense fallback={null}>
        <FutureMessageBanner />
      </Suspense>
      <StableAffirmationCard today={today} />
      {isEntryBoxShown ? (
        <div ref={entryBoxRef}>
          <StableQuickEntryCard
            prompt={moodPrompt ?? (filters.theme ? themePrompt(filters.theme) : undefined)}
          />
        </div>
      ) : null}
      {/* On a phone the writing box is the first screen's purpose: the plan's banner and welcome card follow it
          (docs/product/dashboard.md#dashboard-layout). Beside a sidebar there is room for both above the fold. */}
      {isMobile ? promotions : null}
      {isFirstScreenDrawn ? (
        <Suspense fallback={null}>
          <QueuedEntries timeZone={timeZone} />
        </Suspense>
      ) : null}

      <section aria-label="Find entries" className="flex flex-col gap-3">
        <EntrySearchBox
          value={filters.search}
          onSearch={(search) => dispatch({ type: 'setSearch', search })}
          date={filters.date}
        />
        <PeriodChips
          period={filters.period}
          isEnabled={arePeriodChipsEnabled(filters, today)}
          onChange={onPeriodChange}
        />
        {filters.theme || filters.date ? (
          <div className="flex flex-wrap gap-2">
            {filters.theme ? (
              <ClearableChip
                label={`Theme: ${themeTerm(filters.theme)}`}
                clearLabel="Clear theme"
                onClear={() => dispatch({ type: 'setTheme', theme: null })}
              />
            ) : null}
            {filters.date ? (
              <ClearableChip
                label={`Date: ${formatDay('mediumDate', filters.date)}`}
                clearLabel="Clear date"
                onClear={clearDate}
              />
            ) : null}
          </div>
        ) : null}
        <ThemeChips themes={themes} onSelect={onThemeSelect} />
      </section>

      <div id={ENTRIES_ANCHOR} className="scroll-mt-24">
        <EntryFeedView
          feed={feed}
          page={filters.page}
          onPageChange={onPageChange}
          emptyState={emptyState}
          countText={isSearching ? `${entryCount(feed.total)} found` : entryCount(feed.total)}
          onThemeSelect={onThemeSelect}
          highlight={filters.search}
          renderMedia={renderEntryMedia}
          renderShare={renderEntryShare}
        />
      </div>
      {/* On small screens the sidebar's cards follow the journal, far below the first screen: they load as
          they near it (ADR 051). */}
      {isMobile ? (
        <WhenNearScreen
          className="flex flex-col gap-8"
          isPlaceSettled={!feed.isPending}
          placeholder={
            <>
              <CompanionsSkeleton />
              <FutureSelfCardSkeleton />
            </>
          }
        >
          {companions}
          {futureSelf}
        </WhenNearScreen>
      ) : null}
    </DashboardLayout>
  );
});
