import {
  ANALYTICS_PERIOD_LABELS,
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type AnalyzedEntry,
  analyticsReport,
  moodByDay,
} from '@daybook/shared';
import { BarChart3, PenLine } from 'lucide-react';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usableTimeZone, useToday } from '../../../lib/use-today.ts';
import { YearInPixels } from '../components/YearInPixels.tsx';
import { type AnalyticsProgress, useAnalyticsEntries } from '../hooks/use-analytics-entries.ts';
import { ANALYTICS_MARKS, markBeforeReady } from '../timing.ts';

type ChartsModule = typeof import('../components/AnalyticsCharts.tsx');
let chartsModule: ChartsModule | null = null;
/** recharts is this module's alone: no other page downloads it (ADR 030). */
const loadCharts = () =>
  import('../components/AnalyticsCharts.tsx').then((loaded) => {
    chartsModule = loaded;
    return loaded;
  });

/**
 * The charts' module once downloaded, null before. Not React.lazy: a lazy component suspends on its first
 * render even when its chunk is already here, and React then holds the revealed boundary back for up to
 * 300 ms (its fallback throttle), which was most of the time from counted to drawn (ADR 048). The chunk
 * downloads while the entries load, so by the time they are counted it is almost always ready.
 */
function useChartsModule(): ChartsModule | null {
  const [loaded, setLoaded] = useState(chartsModule);
  const [failure, setFailure] = useState<unknown>(null);
  // A chunk that cannot load goes to the route's error boundary, as a lazy component's would.
  if (failure) throw failure;
  useEffect(() => {
    if (loaded) return;
    let isCurrent = true;
    loadCharts().then(
      (module) => isCurrent && setLoaded(module),
      (error: unknown) => isCurrent && setFailure(error ?? new Error('The charts could not load')),
    );
    return () => {
      isCurrent = false;
    };
  }, [loaded]);
  return loaded;
}

const PERIOD_OPTIONS = ANALYTICS_PERIODS.map((value) => ({ value, label: ANALYTICS_PERIOD_LABELS[value] }));
const DEFAULT_PERIOD: AnalyticsPeriod = '30d';
const isPeriod = (value: string | null): value is AnalyticsPeriod =>
  ANALYTICS_PERIODS.some((period) => period === value);

const EMPTY_PERIOD: Record<AnalyticsPeriod, string> = {
  '30d': 'No entries in the last 30 days.',
  '90d': 'No entries in the last 90 days.',
  year: 'No entries in the last year.',
  all: 'No entries yet.',
};

/** ?period= keeps the chosen period across a reload; anything unknown reads as the last 30 days. */
function usePeriodParam() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period = isPeriod(raw) ? raw : DEFAULT_PERIOD;
  const setPeriod = (next: AnalyticsPeriod) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_PERIOD) updated.delete('period');
        else updated.set('period', next);
        return updated;
      },
      { replace: true },
    );
  return [period, setPeriod] as const;
}

function ChartsSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {['a', 'b', 'c', 'd'].map((key) => (
        <Card key={key} className="flex flex-col gap-3 p-5">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-48 w-full" />
        </Card>
      ))}
    </div>
  );
}

function LoadingState({ progress }: { progress: AnalyticsProgress }) {
  const isDecrypting = progress.phase === 'decrypting' && progress.total > 0;
  const percent = isDecrypting ? (progress.done / progress.total) * 100 : 0;
  const text = isDecrypting
    ? `Decrypting ${progress.done.toLocaleString('en-GB')} of ${progress.total.toLocaleString('en-GB')} entries in this browser…`
    : `Loading your entries${progress.done > 0 ? ` (${progress.done.toLocaleString('en-GB')} so far)` : ''}…`;
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <Card className="flex flex-col gap-2 p-4">
        <p className="text-sm text-muted-foreground" role="status">
          {text}
        </p>
        <ProgressBar
          label="Preparing analytics"
          value={percent}
          valueText={isDecrypting ? `${Math.round(percent)}%` : 'Loading'}
        />
      </Card>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} className="h-20" />
        ))}
      </div>
      <ChartsSkeleton />
    </div>
  );
}

/** Above the first charts while the text is still being decrypted: words and themes follow. */
function DecryptingNotice({ progress }: { progress: AnalyticsProgress }) {
  const percent = progress.total > 0 ? (progress.done / progress.total) * 100 : 0;
  return (
    <Card className="flex flex-col gap-2 p-4">
      <p className="text-sm text-muted-foreground" role="status">
        Decrypting {progress.done.toLocaleString('en-GB')} of {progress.total.toLocaleString('en-GB')} entries
        in this browser for words and themes…
      </p>
      <ProgressBar label="Decrypting entries" value={percent} valueText={`${Math.round(percent)}%`} />
    </Card>
  );
}

function NoEntries() {
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center">
      <BarChart3 aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">Nothing to chart yet</h2>
      <p className="max-w-md text-muted-foreground">
        Write a few entries, tag a mood and add a #theme: your moods, habits and themes show here.
      </p>
      <Button asChild>
        <Link to="/dashboard">
          <PenLine aria-hidden="true" />
          Write an entry
        </Link>
      </Button>
    </Card>
  );
}

/** `value` null: not counted yet (words wait for the text to be decrypted). */
function Stat({ label, value }: { label: string; value: number | null }) {
  return (
    <Card className="flex flex-col gap-1 p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">
        {value === null ? (
          <>
            <span className="sr-only">Counting…</span>
            <Skeleton aria-hidden="true" className="mt-1 h-7 w-16" />
          </>
        ) : (
          value.toLocaleString('en-GB')
        )}
      </dd>
    </Card>
  );
}

function YearSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">Year in pixels</h2>
      {/* About the grid's own shape: 12 months of 31 square days. */}
      <Skeleton className="aspect-[32/13] w-full" />
    </div>
  );
}

/**
 * The year in pixels of these entries: their moods by day, and the years there are to show. Memoised: the
 * page re-renders on each step of the decryption's progress, and the grid has hundreds of cells.
 */
const YearCard = memo(function YearCard({
  entries,
  today,
}: {
  entries: readonly AnalyzedEntry[];
  today: string;
}) {
  const days = useMemo(() => moodByDay(entries), [entries]);
  const years = useMemo(() => yearsOf(entries, today), [entries, today]);
  return <YearInPixels days={days} today={today} years={years} />;
});

function yearsOf(entries: readonly AnalyzedEntry[], today: string): number[] {
  const current = Number(today.slice(0, 4));
  const first = entries.length ? Math.min(current, Number(entries[0]!.entryDate.slice(0, 4))) : current;
  return Array.from({ length: current - first + 1 }, (_, i) => first + i);
}

/**
 * /analytics: charts of the user's moods, habits and themes, counted in this browser from entries decrypted
 * here (the server cannot read the text). Periods are 30 days, 90 days, a year and all time.
 */
export default function AnalyticsPage() {
  useDocumentTitle('Analytics');
  // The charts' code downloads while the entries load, not after.
  const charts = useChartsModule();
  const [period, setPeriod] = usePeriodParam();
  const analytics = useAnalyticsEntries();
  const timeZone = usableTimeZone(analytics.timeZone);
  const today = useToday(timeZone);
  // Until the text is decrypted the entries are counted from their dates and moods alone (the preview).
  const entries = analytics.data ?? analytics.preview;
  const isTextPending = !analytics.data;
  const report = useMemo(() => {
    if (!entries) return null;
    const counted = analyticsReport(entries, period, today, timeZone);
    markBeforeReady(ANALYTICS_MARKS.aggregated);
    return counted;
  }, [entries, period, today, timeZone]);
  // The year in pixels (hundreds of cells, below the charts) waits until the first chart is on screen.
  const [isGridShown, setGridShown] = useState(false);
  const showGrid = useCallback(() => setGridShown(true), []);
  const hasCharts = Boolean(report && report.summary.entries > 0);
  useEffect(() => {
    if (report && !hasCharts) setGridShown(true);
  }, [report, hasCharts]);

  let body: React.ReactNode;
  if (!analytics.support.isAvailable) {
    body = <Alert variant="warning">{analytics.support.message}</Alert>;
  } else if (analytics.isError) {
    body = (
      <RetryAlert
        message="Unable to load your analytics. Check your connection and try again."
        onRetry={() => void analytics.refetch()}
      />
    );
  } else if (!entries || !report) {
    body = <LoadingState progress={analytics.progress} />;
  } else if (entries.length === 0) {
    body = <NoEntries />;
  } else {
    body = (
      <div className="flex flex-col gap-6">
        {isTextPending ? <DecryptingNotice progress={analytics.progress} /> : null}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="This period">
          <Stat label="Entries" value={report.summary.entries} />
          <Stat label="Days written" value={report.summary.daysWritten} />
          <Stat label="Words" value={isTextPending ? null : report.summary.words} />
          <Stat label="Longest streak (days)" value={report.summary.longestStreak} />
        </dl>
        {!hasCharts ? (
          <Alert role="status">{EMPTY_PERIOD[period]} Choose a longer period to see more.</Alert>
        ) : charts ? (
          <charts.default report={report} isTextPending={isTextPending} onFirstPaint={showGrid} />
        ) : (
          <ChartsSkeleton />
        )}
        <Card className="p-4 sm:p-5">
          {isGridShown ? <YearCard entries={entries} today={today} /> : <YearSkeleton />}
        </Card>
      </div>
    );
  }

  return (
    <div className="page-container py-8 sm:py-10">
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-1">
            <h1 className="text-3xl font-semibold sm:text-4xl">Analytics</h1>
            <p className="text-muted-foreground">
              Your moods, habits and themes. Entries are decrypted and counted in this browser.
            </p>
          </div>
          <SegmentedControl
            label="Period"
            options={PERIOD_OPTIONS}
            value={period}
            onValueChange={setPeriod}
          />
        </div>
        {body}
      </div>
    </div>
  );
}
