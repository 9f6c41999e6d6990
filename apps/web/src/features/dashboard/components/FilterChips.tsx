import { DASHBOARD_PERIOD_LABELS, DASHBOARD_PERIODS, type DashboardPeriod } from '@daybook/shared';
import { X } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

const chipClass =
  'inline-flex h-8 items-center rounded-full border px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The filter chips Today, This Week, This Month, All Time (docs/product/dashboard.md#dashboard-filters): a toggle group, one pressed at a time,
 * all disabled while a day other than today is chosen.
 */
export function PeriodChips({
  period,
  isEnabled,
  onChange,
}: {
  period: DashboardPeriod | null;
  isEnabled: boolean;
  onChange: (period: DashboardPeriod) => void;
}) {
  return (
    <fieldset disabled={!isEnabled} className="flex min-w-0 flex-wrap gap-2">
      <legend className="sr-only">Show entries from</legend>
      {DASHBOARD_PERIODS.map((option) => {
        const isPressed = option === period;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={isPressed}
            disabled={!isEnabled}
            onClick={() => onChange(option)}
            className={cn(
              chipClass,
              isPressed
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-input bg-card text-foreground enabled:hover:bg-muted',
            )}
          >
            {DASHBOARD_PERIOD_LABELS[option]}
          </button>
        );
      })}
    </fieldset>
  );
}

/** A chip for something chosen ("Theme: work", "Date: 21 Nov 2026") with a button that clears it. */
export function ClearableChip({
  label,
  clearLabel,
  onClear,
}: {
  label: string;
  clearLabel: string;
  onClear: () => void;
}) {
  return (
    <span className="inline-flex h-8 items-center gap-1 rounded-full bg-tint pr-1 pl-3 text-sm font-medium text-tint-foreground">
      {label}
      <button
        type="button"
        aria-label={clearLabel}
        title={clearLabel}
        onClick={onClear}
        className="inline-flex size-6 items-center justify-center rounded-full hover:bg-primary/15"
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </span>
  );
}

/** The hashtags of the entries on screen, each a way to show only the entries about it. */
export function ThemeChips({
  themes,
  onSelect,
}: {
  themes: readonly string[];
  onSelect: (theme: string) => void;
}) {
  if (themes.length === 0) return null;
  return (
    <fieldset className="flex min-w-0 flex-wrap items-center gap-2">
      <legend className="sr-only">Themes in these entries</legend>
      <span aria-hidden="true" className="text-sm text-muted-foreground">
        Themes
      </span>
      {themes.map((theme) => (
        <button
          key={theme}
          type="button"
          onClick={() => onSelect(theme)}
          className={cn(
            chipClass,
            'h-7 border-dashed border-input bg-card px-2.5 text-primary hover:bg-muted',
          )}
        >
          {theme}
        </button>
      ))}
    </fieldset>
  );
}
