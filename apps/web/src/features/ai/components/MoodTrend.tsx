import { type AiInsights, moodScoreLabel } from '@daybook/shared';
import { formatDay } from '../../../lib/dates.ts';

type TrendPoint = AiInsights['moodTrend'][number];

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 12;

/** A day's value on the chart: its mood score, or else the sentiment of its text; −1…1. */
const dayValue = (point: TrendPoint) => point.moodScore ?? point.sentiment;

/** The tone of a day's writing (wink-nlp sentiment, small for plain prose), apart from its mood. */
function describeWriting(sentiment: number | null) {
  if (sentiment === null) return 'no text';
  if (sentiment > 0.15) return 'positive';
  if (sentiment < -0.15) return 'negative';
  return 'neutral';
}

/**
 * The mood over the period as a line (mood tags, or the local sentiment of the text where a day has no mood), with
 * the same numbers in a table for screen readers.
 */
export function MoodTrend({ points }: { points: readonly TrendPoint[] }) {
  const plotted = points
    .map((point, index) => ({ point, index, value: dayValue(point) }))
    .filter((item): item is { point: TrendPoint; index: number; value: number } => item.value !== null);
  if (plotted.length === 0) return <p className="text-sm text-muted-foreground">No mood to chart yet.</p>;

  const step = points.length > 1 ? (WIDTH - 2 * PAD) / (points.length - 1) : 0;
  const x = (index: number) => (points.length > 1 ? PAD + index * step : WIDTH / 2);
  const y = (value: number) => PAD + ((1 - value) / 2) * (HEIGHT - 2 * PAD);
  const path = plotted
    .map(({ index, value }, i) => `${i === 0 ? 'M' : 'L'}${x(index)},${y(value)}`)
    .join(' ');

  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-40 w-full text-primary"
        aria-hidden="true"
        preserveAspectRatio="none"
      >
        <line
          x1={PAD}
          x2={WIDTH - PAD}
          y1={y(0)}
          y2={y(0)}
          className="stroke-muted-foreground/50"
          strokeDasharray="4 4"
        />
        <path
          d={path}
          fill="none"
          stroke="currentColor"
          strokeWidth={2.5}
          vectorEffect="non-scaling-stroke"
        />
        {/* Round dots whatever the chart's stretch: zero-length strokes with round caps that do not scale. */}
        {plotted.map(({ index, value }) => (
          <path
            key={index}
            d={`M${x(index)},${y(value)}h0`}
            stroke="currentColor"
            strokeWidth={8}
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      <figcaption className="flex flex-col gap-1 text-xs text-muted-foreground">
        <span className="flex justify-between">
          <span>{points[0] ? formatDay('mediumDate', points[0].date) : ''}</span>
          <span>{points.at(-1) ? formatDay('mediumDate', points.at(-1)?.date ?? '') : ''}</span>
        </span>
        <span>Above the dashed line: brighter days; below it, harder ones.</span>
      </figcaption>
      <table className="sr-only">
        <caption>Mood by day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Entries</th>
            <th scope="col">Mood</th>
            <th scope="col">Writing</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.date}>
              <td>{formatDay('mediumDate', point.date)}</td>
              <td>{point.entryCount}</td>
              {/* The mood comes from mood tags only: the line falls back to the text's sentiment, but a day
                  without tags has no mood, and sad-sounding prose must not be called a negative mood. */}
              <td>{moodScoreLabel(point.moodScore)}</td>
              <td>{describeWriting(point.sentiment)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
