import {
  addMonthsToMonth,
  type CalendarDay,
  calendarKeyTarget,
  calendarYears,
  firstOfMonth,
  monthGrid,
  monthOf,
} from '@daybook/shared';
import { CalendarCheck, ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDaysWithEntries } from '../api/get-calendar-month.ts';
import { dayLabel, monthLabel, monthNames, weekdays } from '../format.ts';

export const HAS_ENTRIES_LABEL = 'has entries';

type MiniCalendarProps = {
  /** The chosen day (yyyy-MM-dd), if any. */
  selectedDate: string | null;
  /** Today in the user's time zone. */
  today: string;
  /** A day was clicked (or chosen with Enter or Space). */
  onSelectDate: (date: string) => void;
  /** The keyboard moved the chosen day here. */
  onMoveDate: (date: string) => void;
  className?: string;
};

/** The day a month's grid offers as its tab stop: the chosen day, else today, else the 1st. */
function tabStopIn(month: string, selectedDate: string | null, today: string): string {
  if (selectedDate && monthOf(selectedDate) === month) return selectedDate;
  if (monthOf(today) === month) return today;
  return firstOfMonth(month);
}

/**
 * The mini calendar (docs/product/dashboard.md#dashboard-calendar): month and year dropdowns, previous/next month, "Jump to today", the days with
 * entries marked, weeks from Monday. A grid with one tab stop: with a day chosen, arrows move it by a day or
 * a week, PageUp/PageDown by a month (Shift: a year) and Home/End to the week's ends, and focus follows;
 * with none chosen, the same keys only move focus, and Enter or Space chooses.
 */
export function MiniCalendar({
  selectedDate,
  today,
  onSelectDate,
  onMoveDate,
  className,
}: MiniCalendarProps) {
  const [month, setMonth] = useState(() => monthOf(selectedDate ?? today));
  const [activeDate, setActiveDate] = useState(() => selectedDate ?? today);
  // A day chosen elsewhere (the list's chips, the address, the other calendar) brings its month into view.
  const [followed, setFollowed] = useState(selectedDate);
  if (followed !== selectedDate) {
    setFollowed(selectedDate);
    if (selectedDate) {
      setMonth(monthOf(selectedDate));
      setActiveDate(selectedDate);
    }
  }

  const gridRef = useRef<HTMLTableElement>(null);
  /** The day that takes focus once it is the grid's tab stop (after a key or "Jump to today"). */
  const focusOwedTo = useRef<string | null>(null);
  const weeks = monthGrid(month);
  const firstShown = weeks[0]?.[0]?.date ?? firstOfMonth(month);
  const lastShown = weeks.at(-1)?.at(-1)?.date ?? firstOfMonth(month);
  const shownMonths = [...new Set([monthOf(firstShown), month, monthOf(lastShown)])];
  const { days: daysWithEntries, isPending } = useDaysWithEntries(shownMonths);
  const isActiveShown = activeDate >= firstShown && activeDate <= lastShown;
  const tabStop = isActiveShown ? activeDate : tabStopIn(month, selectedDate, today);

  // Compared with the day owed rather than a flag: an effect still pending from an earlier render (whose
  // tab stop is the old day) can run after the key press and must not spend the focus on the old day.
  useEffect(() => {
    if (focusOwedTo.current !== tabStop) return;
    focusOwedTo.current = null;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${tabStop}"]`)?.focus();
  });

  const showMonth = (next: string) => {
    setMonth(next);
    setActiveDate(tabStopIn(next, selectedDate, today));
  };

  const onJumpToToday = () => {
    setMonth(monthOf(today));
    setActiveDate(today);
    // The button goes away once today's month shows: focus moves to today.
    focusOwedTo.current = today;
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-date]')?.dataset.date;
    if (!from) return;
    // With a day chosen, the keys choose as they move: Enter or Space on it then keeps it. Left to the button,
    // they would click it, and a click on the chosen day clears the choice (docs/product/dashboard.md#dashboard-calendar).
    if ((event.key === 'Enter' || event.key === ' ') && from === selectedDate) {
      event.preventDefault();
      return;
    }
    const target = calendarKeyTarget(from, { key: event.key, shiftKey: event.shiftKey });
    if (!target) return;
    event.preventDefault();
    setMonth(monthOf(target));
    setActiveDate(target);
    focusOwedTo.current = target;
    if (selectedDate !== null) onMoveDate(target);
  };

  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const currentYear = Number(today.slice(0, 4));
  const years = calendarYears(currentYear);
  if (!years.includes(year)) years.push(year);
  years.sort((a, b) => a - b);

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <div className="flex items-center gap-0.5">
        <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_5rem] gap-1 pr-0.5">
          <Select
            aria-label="Month"
            value={monthNumber}
            onChange={(event) => showMonth(`${year}-${event.target.value.padStart(2, '0')}`)}
            className="h-9 pr-7 pl-2"
          >
            {monthNames().map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Year"
            value={year}
            onChange={(event) => showMonth(`${event.target.value}-${String(monthNumber).padStart(2, '0')}`)}
            className="h-9 pr-7 pl-2"
          >
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0 [&_svg]:size-4"
          aria-label="Previous month"
          onClick={() => showMonth(addMonthsToMonth(month, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0 [&_svg]:size-4"
          aria-label="Next month"
          onClick={() => showMonth(addMonthsToMonth(month, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>

      <table
        ref={gridRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG date grid, a table whose days arrow keys reach.
        role="grid"
        aria-label={monthLabel(month)}
        aria-busy={isPending}
        onKeyDown={onGridKeyDown}
        className="w-full table-fixed border-collapse text-center text-sm"
      >
        <thead>
          <tr>
            {weekdays().map((weekday) => (
              <th
                key={weekday.long}
                scope="col"
                abbr={weekday.long}
                className="pb-1 text-xs font-medium text-muted-foreground"
              >
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((day) => (
                <DayCell
                  key={day.date}
                  day={day}
                  isSelected={day.date === selectedDate}
                  isToday={day.date === today}
                  hasEntries={daysWithEntries.has(day.date)}
                  isTabStop={day.date === tabStop}
                  onSelect={() => {
                    setActiveDate(day.date);
                    onSelectDate(day.date);
                  }}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      {month !== monthOf(today) ? (
        <Button variant="outline" size="sm" className="self-center" onClick={onJumpToToday}>
          <CalendarCheck aria-hidden="true" />
          Jump to today
        </Button>
      ) : null}
    </div>
  );
}

type DayCellProps = {
  day: CalendarDay;
  isSelected: boolean;
  isToday: boolean;
  hasEntries: boolean;
  isTabStop: boolean;
  onSelect: () => void;
};

function DayCell({ day, isSelected, isToday, hasEntries, isTabStop, onSelect }: DayCellProps) {
  const label = hasEntries ? `${dayLabel(day.date)}, ${HAS_ENTRIES_LABEL}` : dayLabel(day.date);
  return (
    // biome-ignore lint/a11y: a day of the grid; its button takes focus (the grid's one tab stop).
    <td role="gridcell" aria-selected={isSelected} className="p-0.5">
      <button
        type="button"
        data-date={day.date}
        tabIndex={isTabStop ? 0 : -1}
        aria-label={label}
        aria-current={isToday ? 'date' : undefined}
        onClick={onSelect}
        className={cn(
          'relative mx-auto flex size-9 flex-col items-center justify-center rounded-full text-sm tabular-nums transition-colors',
          day.isInMonth ? 'text-foreground' : 'text-muted-foreground',
          isSelected ? 'bg-primary font-semibold text-primary-foreground' : 'hover:bg-muted',
          isToday && !isSelected && 'font-semibold ring-2 ring-primary ring-inset',
        )}
      >
        {Number(day.date.slice(8))}
        {hasEntries ? (
          <span
            aria-hidden="true"
            className={cn(
              'absolute bottom-1 size-1 rounded-full',
              isSelected ? 'bg-primary-foreground' : 'bg-primary',
            )}
          />
        ) : null}
      </button>
    </td>
  );
}
