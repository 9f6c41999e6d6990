import { type AnalyticsReport, moodScoreLabel, NO_MOOD_RECORDED, WEEKDAY_LABELS } from '@daybook/shared';
import { memo, type RefObject, useEffect, useRef, useState } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { markReady } from '../timing.ts';
import { ChartCard } from './ChartCard.tsx';
import { hourLabels, shortDay } from './day-labels.ts';
import { VALENCE_COLOR } from './mood-colors.ts';

/**
 * `interval` a number on every axis: recharts then shows every so many labels without measuring each one in
 * the DOM (a forced layout per label, the largest part of drawing a chart). Axes with few labels show them
 * all; long time axes pass their own step (`everyNth`).
 */
const AXIS = { stroke: 'var(--muted-foreground)', fontSize: 12, interval: 0 } as const;
const GRID = { stroke: 'var(--border)', strokeDasharray: '3 3' } as const;
const TOOLTIP = {
  contentStyle: {
    background: 'var(--popover)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    color: 'var(--popover-foreground)',
  },
  cursor: { fill: 'var(--muted)' },
} as const;
const CHART = {
  responsive: true,
  accessibilityLayer: false,
  style: { width: '100%', height: '100%' },
} as const;
const MARGIN = { top: 8, right: 8, bottom: 0, left: -16 };
const LABELLED_MARGIN = { top: 8, right: 12, bottom: 0, left: 0 };
/** Charts over time keep room on the right for half of the last date label, centred on the last point. */
const TIME_RIGHT = 24;
const TIME_MARGIN = { ...MARGIN, right: TIME_RIGHT };
const LABELLED_TIME_MARGIN = { ...LABELLED_MARGIN, right: TIME_RIGHT };
/** The mood distribution draws every mood (19 or more), each row tall enough for its 12 px label. */
const MOOD_ROW_HEIGHT = 20;
/** The value axis under the bars. */
const AXIS_HEIGHT = 32;
/** Bars stay bars when there are only one or two. */
const BAR_MAX = 40;

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
const MOOD_SCORE_LABEL: Record<number, string> = { [-1]: 'Negative', 0: 'Neutral', 1: 'Positive' };
/** Streaks drawn: the latest ones, so a long history stays readable. */
const STREAKS_SHOWN = 30;

function busiest(labels: readonly string[], counts: readonly number[]): string {
  let best = 0;
  for (let i = 1; i < counts.length; i++) if ((counts[i] ?? 0) > (counts[best] ?? 0)) best = i;
  return labels[best] ?? '';
}

const CHART_COUNT = 7;
const TEXT_PENDING = 'Counted once your entries are decrypted…';
/** Charts drawn in the first frame: the first one alone, the others one per frame after it. */
const FIRST_DRAWN = 1;
/** What recharts draws for data: bars, a line, an area. Their presence is what "drawn" means here. */
const DATA_SHAPES = '.recharts-bar-rectangle, .recharts-line-curve, .recharts-line-dot, .recharts-area-area';
/** Frames to look for a first drawn shape before giving up on timing (a period whose charts are all empty). */
const READY_FRAMES = 600;

/**
 * How many charts are drawn: the first at once, then one more after each paint. recharts takes tens of
 * milliseconds per chart, so drawing all seven in one task would keep the first ones off screen for most of a
 * second; the others hold their place with a skeleton of the same size meanwhile (no layout shift).
 */
function useDrawnCount(): number {
  const [drawn, setDrawn] = useState(FIRST_DRAWN);
  useEffect(() => {
    if (drawn >= CHART_COUNT) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setDrawn((count) => count + 1));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [drawn]);
  return drawn;
}

/**
 * Calls `onPainted` once, just after the first frame that shows a data shape inside `container` (the
 * benchmark's end mark). recharts sizes a chart from its container before plotting, so the shapes can come a
 * render after the chart mounts: each frame looks for them, and a frame that has them is painted right after
 * its callbacks, so a task posted from there runs after that paint.
 */
function useFirstPaint(container: RefObject<HTMLElement | null>, onPainted: (shapes: number) => void): void {
  const latest = useRef(onPainted);
  latest.current = onPainted;
  useEffect(() => {
    let frames = 0;
    let frame = 0;
    const channel = new MessageChannel();
    const look = () => {
      const shapes = container.current?.querySelectorAll(DATA_SHAPES).length ?? 0;
      if (shapes > 0 || ++frames >= READY_FRAMES) {
        channel.port1.onmessage = () => latest.current(shapes);
        channel.port2.postMessage(null);
      } else frame = requestAnimationFrame(look);
    };
    frame = requestAnimationFrame(look);
    return () => {
      cancelAnimationFrame(frame);
      channel.port1.close();
    };
  }, [container]);
}

/**
 * Every few labels of a time axis, at most five, which fit a phone's width ("30 Nov" is about 40 pixels): a
 * fixed step, so recharts need not measure each label.
 */
const everyNth = (count: number, shown = 5) => Math.max(0, Math.ceil(count / shown) - 1);

/** A column per label (weekdays, hours, streaks): the same frame with its own data and axis spacing. */
function ColumnChart({
  data,
  labelKey,
  valueKey,
  name,
  labelAxis,
  radius,
}: {
  data: object[];
  labelKey: string;
  valueKey: string;
  name: string;
  labelAxis?: { interval: number };
  radius: number;
}) {
  return (
    <BarChart {...CHART} data={data} margin={MARGIN}>
      <CartesianGrid {...GRID} vertical={false} />
      <XAxis dataKey={labelKey} {...AXIS} {...labelAxis} />
      <YAxis allowDecimals={false} {...AXIS} />
      <Tooltip {...TOOLTIP} />
      <Bar
        maxBarSize={BAR_MAX}
        dataKey={valueKey}
        name={name}
        fill="var(--primary)"
        isAnimationActive={false}
        radius={[radius, radius, 0, 0]}
      />
    </BarChart>
  );
}

/** The charts of one period (recharts, loaded with this module only on /analytics). */
function AnalyticsCharts({
  report,
  isTextPending,
  onFirstPaint,
}: {
  report: AnalyticsReport;
  /** The text is still being decrypted: words and themes are not counted yet. */
  isTextPending: boolean;
  /** Once, after the first chart with data is on screen: what waits for it can follow. */
  onFirstPaint?: () => void;
}) {
  const drawn = useDrawnCount();
  const container = useRef<HTMLDivElement>(null);
  useFirstPaint(container, (shapes) => {
    if (shapes > 0) markReady(shapes);
    onFirstPaint?.();
  });

  const mood = report.moodOverTime.map((p) => ({ ...p, label: shortDay(p.start) }));
  // Null without any mood tag: such a period has no mood, it is not a neutral (or negative) one.
  const averageMood = mood.length
    ? mood.reduce((s, p) => s + p.score * p.moods, 0) / mood.reduce((s, p) => s + p.moods, 0)
    : null;
  const weekdays = WEEKDAY_LABELS.map((day, i) => ({ day, entries: report.perWeekday[i] ?? 0 }));
  const hourNames = hourLabels();
  const hours = hourNames.map((hour, i) => ({ hour, entries: report.perHour[i] ?? 0 }));
  const words = report.wordsPerWeek.map((w) => ({ ...w, label: shortDay(w.week) }));
  const streaks = report.streaks.slice(-STREAKS_SHOWN).map((s) => ({ ...s, label: shortDay(s.first) }));
  const themes = report.themes;
  // Every mood of the app has a row (0 when never tagged); the period has moods when one was tagged.
  const hasMoods = report.moodDistribution.some((m) => m.count > 0);

  return (
    <div ref={container} className="grid gap-4 md:grid-cols-2" data-testid="analytics-charts">
      <ChartCard
        isDrawn={drawn > 0}
        title="Mood over time"
        summary={
          averageMood === null
            ? `${NO_MOOD_RECORDED}.`
            : `${report.isMoodByWeek ? 'Weekly' : 'Daily'} average mood; mostly ${moodScoreLabel(averageMood)}.`
        }
        emptyMessage={hasMoods ? null : 'No moods tagged in this period.'}
        table={{
          headers: [report.isMoodByWeek ? 'Week of' : 'Day', 'Average mood (−1 to 1)'],
          rows: mood.map((p) => [p.label, p.score]),
        }}
      >
        <LineChart {...CHART} data={mood} margin={LABELLED_TIME_MARGIN}>
          {/* Level lines only, as the other charts over time: vertical ones would have recharts measure every
              date label to place them. */}
          <CartesianGrid {...GRID} vertical={false} />
          <XAxis dataKey="label" {...AXIS} interval={everyNth(mood.length)} />
          <YAxis
            domain={[-1, 1]}
            ticks={[-1, 0, 1]}
            tickFormatter={(v: number) => MOOD_SCORE_LABEL[v] ?? ''}
            width={64}
            {...AXIS}
          />
          <Tooltip {...TOOLTIP} formatter={(v) => [String(v), 'Average mood']} />
          <Line
            type="monotone"
            dataKey="score"
            stroke="var(--primary)"
            strokeWidth={2}
            dot={mood.length < 40}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartCard>

      <ChartCard
        isDrawn={drawn > 1}
        title="Mood distribution"
        summary={hasMoods ? `Most often ${report.moodDistribution[0]!.mood}.` : ''}
        emptyMessage={hasMoods ? null : 'No moods tagged in this period.'}
        table={{ headers: ['Mood', 'Entries'], rows: report.moodDistribution.map((m) => [m.mood, m.count]) }}
        chartHeight={MOOD_ROW_HEIGHT * report.moodDistribution.length + AXIS_HEIGHT}
      >
        <BarChart {...CHART} data={report.moodDistribution} layout="vertical" margin={LABELLED_MARGIN}>
          <CartesianGrid {...GRID} horizontal={false} />
          <XAxis type="number" allowDecimals={false} {...AXIS} />
          <YAxis type="category" dataKey="mood" width={88} {...AXIS} />
          <Tooltip {...TOOLTIP} />
          <Bar
            dataKey="count"
            name="Entries"
            maxBarSize={BAR_MAX}
            isAnimationActive={false}
            radius={[0, 4, 4, 0]}
          >
            {report.moodDistribution.map((m) => (
              <Cell key={m.mood} fill={VALENCE_COLOR[m.valence]} />
            ))}
          </Bar>
        </BarChart>
      </ChartCard>

      <ChartCard
        isDrawn={drawn > 2}
        title="Entries per weekday"
        summary={`You write most on ${busiest(['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'], report.perWeekday)}.`}
        table={{ headers: ['Weekday', 'Entries'], rows: weekdays.map((d) => [d.day, d.entries]) }}
      >
        <ColumnChart data={weekdays} labelKey="day" valueKey="entries" name="Entries" radius={4} />
      </ChartCard>

      <ChartCard
        isDrawn={drawn > 3}
        title="Entries per hour"
        summary={`Your busiest hour is ${busiest(hourNames, report.perHour)}, in your time zone.`}
        table={{ headers: ['Hour', 'Entries'], rows: hours.map((h) => [h.hour, h.entries]) }}
      >
        <ColumnChart
          data={hours}
          labelKey="hour"
          valueKey="entries"
          name="Entries"
          labelAxis={{ interval: 5 }}
          radius={3}
        />
      </ChartCard>

      <ChartCard
        isDrawn={drawn > 4 && !isTextPending}
        title="Words written per week"
        summary={isTextPending ? TEXT_PENDING : `${plural(report.summary.words, 'word')} in this period.`}
        table={{ headers: ['Week of', 'Words'], rows: words.map((w) => [w.label, w.words]) }}
      >
        <AreaChart {...CHART} data={words} margin={TIME_MARGIN}>
          <CartesianGrid {...GRID} vertical={false} />
          <XAxis dataKey="label" {...AXIS} interval={everyNth(words.length)} />
          <YAxis allowDecimals={false} {...AXIS} />
          <Tooltip {...TOOLTIP} />
          <Area
            type="monotone"
            dataKey="words"
            name="Words"
            stroke="var(--primary)"
            fill="var(--primary)"
            fillOpacity={0.2}
            isAnimationActive={false}
          />
        </AreaChart>
      </ChartCard>

      <ChartCard
        isDrawn={drawn > 5}
        title="Streak history"
        summary={`Longest streak: ${plural(report.summary.longestStreak, 'day')}${report.streaks.length > STREAKS_SHOWN ? ` (the latest ${STREAKS_SHOWN} streaks shown)` : ''}.`}
        table={{ headers: ['Streak from', 'Days'], rows: streaks.map((s) => [s.label, s.length]) }}
      >
        <ColumnChart
          data={streaks}
          labelKey="label"
          valueKey="length"
          name="Days in a row"
          labelAxis={{ interval: everyNth(streaks.length) }}
          radius={3}
        />
      </ChartCard>

      <ChartCard
        isDrawn={drawn > 6 && !isTextPending}
        title="Most-used themes"
        summary={isTextPending ? TEXT_PENDING : themes.length ? `Your top theme is ${themes[0]!.theme}.` : ''}
        emptyMessage={
          isTextPending || themes.length
            ? null
            : 'No themes yet: add a hashtag such as #work to an entry and it shows here.'
        }
        table={{ headers: ['Theme', 'Entries'], rows: themes.map((t) => [t.theme, t.entries]) }}
      >
        <BarChart {...CHART} data={themes} layout="vertical" margin={LABELLED_MARGIN}>
          <CartesianGrid {...GRID} horizontal={false} />
          <XAxis type="number" allowDecimals={false} {...AXIS} />
          <YAxis type="category" dataKey="theme" width={96} {...AXIS} />
          <Tooltip {...TOOLTIP} />
          <Bar
            maxBarSize={BAR_MAX}
            dataKey="entries"
            name="Entries"
            fill="var(--primary)"
            isAnimationActive={false}
            radius={[0, 4, 4, 0]}
          />
        </BarChart>
      </ChartCard>
    </div>
  );
}

/**
 * Drawn again only when the report changes: the page re-renders on every step of the decryption's progress,
 * and redrawing seven recharts charts each time would hold the decryption back by seconds.
 */
export default memo(AnalyticsCharts);
