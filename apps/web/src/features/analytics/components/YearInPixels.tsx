import { addDays, type DayMood, yearPixels } from '@daybook/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { longDay } from './day-labels.ts';
import { VALENCE_COLOR, VALENCE_LABEL } from './mood-colors.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_NUMBERS = Array.from({ length: 31 }, (_, i) => i + 1);

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
const dateOf = (year: number, month: number, day: number) =>
  `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** "Tuesday, March 3, 2026: Happy (positive), 2 entries" — what a screen reader reads for a square. */
export function describeDay(date: string, day: DayMood | null, isFuture: boolean): string {
  const when = longDay(date);
  if (!day) return `${when}: ${isFuture ? 'not yet' : 'no entry'}`;
  const count = `${day.entries} ${day.entries === 1 ? 'entry' : 'entries'}`;
  if (!day.mood || !day.valence) return `${when}: no mood, ${count}`;
  return `${when}: ${day.mood} (${VALENCE_LABEL[day.valence].toLowerCase()}), ${count}`;
}

/**
 * The next square for a key, as a date: arrows move a day (left and right, on into the next month) or a month
 * (up and down, to the same day or the month's last); Home and End go to the month's ends, with Ctrl to the
 * year's. Null for a key the grid does not use, or a move off the year.
 */
export function pixelKeyTarget(date: string, event: { key: string; ctrlKey?: boolean }): string | null {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1;
  const day = Number(date.slice(8, 10));
  const inYear = (target: string) => (target.startsWith(`${year}-`) ? target : null);
  switch (event.key) {
    case 'ArrowRight':
      return inYear(addDays(date, 1));
    case 'ArrowLeft':
      return inYear(addDays(date, -1));
    case 'ArrowUp':
    case 'ArrowDown': {
      const target = month + (event.key === 'ArrowUp' ? -1 : 1);
      if (target < 0 || target > 11) return null;
      return dateOf(year, target, Math.min(day, daysInMonth(year, target)));
    }
    case 'Home':
      return event.ctrlKey ? dateOf(year, 0, 1) : dateOf(year, month, 1);
    case 'End':
      return event.ctrlKey ? dateOf(year, 11, 31) : dateOf(year, month, daysInMonth(year, month));
    default:
      return null;
  }
}

function cellStyle(day: DayMood | null) {
  if (!day) return undefined;
  if (!day.valence) return { boxShadow: 'inset 0 0 0 2px var(--muted-foreground)' };
  return { backgroundColor: VALENCE_COLOR[day.valence] };
}

type YearInPixelsProps = {
  days: ReadonlyMap<string, DayMood>;
  today: string;
  /** The years that can be shown, oldest first (the current one at least). */
  years: readonly number[];
};

/**
 * A year in pixels: one square per day, coloured by the day's mood, as an ARIA grid with one tab stop (roving
 * tabindex) and arrow keys between days. Each square is labelled with its date and mood.
 */
export function YearInPixels({ days, today, years }: YearInPixelsProps) {
  const currentYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(currentYear);
  const grid = useMemo(() => yearPixels(year, days), [year, days]);
  const [active, setActive] = useState<string | null>(null);
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const titleId = useId();
  const legendId = useId();
  const defaultActive = year === currentYear ? today : `${year}-01-01`;
  const focused = active?.startsWith(`${year}-`) ? active : defaultActive;
  const focusedDay = days.get(focused) ?? null;

  const onKeyDown = (event: KeyboardEvent<HTMLTableCellElement>, date: string) => {
    const target = pixelKeyTarget(date, event);
    if (target === null) {
      if (event.key.startsWith('Arrow')) event.preventDefault();
      return;
    }
    event.preventDefault();
    setActive(target);
    cells.current.get(target)?.focus();
  };

  const yearIndex = years.indexOf(year);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          Year in pixels
        </h2>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Previous year"
            disabled={yearIndex <= 0}
            onClick={() => setYear(years[yearIndex - 1] ?? year)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="w-12 text-center font-medium tabular-nums" aria-live="polite">
            {year}
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Next year"
            disabled={yearIndex === -1 || yearIndex >= years.length - 1}
            onClick={() => setYear(years[yearIndex + 1] ?? year)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG data grid on a table: its cells are focusable and arrow keys move between them (onKeyDown below).
        role="grid"
        aria-label={`Year in pixels, ${year}: one square per day, coloured by mood`}
        aria-describedby={legendId}
        className="w-full table-fixed border-separate border-spacing-px text-[0.625rem] sm:border-spacing-0.5 sm:text-xs"
      >
        <thead>
          <tr>
            <th scope="col" className="w-7 font-normal">
              <span className="sr-only">Month</span>
            </th>
            {DAY_NUMBERS.map((n) => (
              <th key={n} scope="col" className="p-0 text-center font-normal text-muted-foreground">
                <span className="sr-only">Day {n}</span>
                <span aria-hidden="true">{n % 5 === 0 || n === 1 ? n : ''}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.map((row, month) => (
            <tr key={MONTHS[month]}>
              <th scope="row" className="p-0 text-left font-normal text-muted-foreground">
                {MONTHS[month]}
              </th>
              {row.map((cell, i) => {
                if (!cell) return <td key={DAY_NUMBERS[i]} className="p-0" />;
                const isFuture = cell.date > today;
                const isActive = cell.date === focused;
                return (
                  <td
                    key={cell.date}
                    ref={(element) => {
                      if (element) cells.current.set(cell.date, element);
                      else cells.current.delete(cell.date);
                    }}
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the grid above, focusable by roving tabindex.
                    role="gridcell"
                    tabIndex={isActive ? 0 : -1}
                    aria-label={describeDay(cell.date, cell.day, isFuture)}
                    data-date={cell.date}
                    data-mood={cell.day?.valence ?? (cell.day ? 'none' : 'empty')}
                    onKeyDown={(event) => onKeyDown(event, cell.date)}
                    onFocus={() => setActive(cell.date)}
                    onClick={() => setActive(cell.date)}
                    className="rounded-[2px] p-0 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-card"
                  >
                    <div
                      aria-hidden="true"
                      style={cellStyle(cell.day)}
                      className={cn(
                        'aspect-square rounded-[2px]',
                        !cell.day && 'bg-muted',
                        !cell.day && isFuture && 'opacity-40',
                        cell.date === today && 'ring-1 ring-foreground/60',
                      )}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="min-h-5 text-sm text-muted-foreground" aria-hidden="true">
        {describeDay(focused, focusedDay, focused > today)}
      </p>
      <ul id={legendId} aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {(['positive', 'neutral', 'negative'] as const).map((valence) => (
          <li key={valence} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-3 rounded-[2px]"
              style={{ backgroundColor: VALENCE_COLOR[valence] }}
            />
            {VALENCE_LABEL[valence]} mood
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-3 rounded-[2px]"
            style={cellStyle({ date: '', mood: null, valence: null, entries: 1 })}
          />
          Entry without a mood
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-[2px] bg-muted" />
          No entry
        </li>
      </ul>
    </section>
  );
}
