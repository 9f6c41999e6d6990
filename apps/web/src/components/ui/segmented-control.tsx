import { type KeyboardEvent, useId, useRef } from 'react';
import { cn } from '../../lib/cn.ts';

export type SegmentedOption<T extends string> = {
  value: T;
  label: string;
  /** A short flag shown on the option (e.g. "BEST VALUE"); announced as the option's description. */
  badge?: string;
};

type SegmentedControlProps<T extends string> = {
  label: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onValueChange: (value: T) => void;
  className?: string;
};

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * A single-choice toggle with the ARIA radio group pattern: one tab stop,
 * arrow keys move the choice, Home/End jump to the ends.
 */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onValueChange,
  className,
}: SegmentedControlProps<T>) {
  const baseId = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    onValueChange(option.value);
    buttons.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = options.length - 1;
    if (NEXT_KEYS.has(event.key)) choose(index === last ? 0 : index + 1);
    else if (PREVIOUS_KEYS.has(event.key)) choose(index === 0 ? last : index - 1);
    else if (event.key === 'Home') choose(0);
    else if (event.key === 'End') choose(last);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn('inline-flex items-center gap-1 rounded-full border bg-muted p-1', className)}
    >
      {options.map((option, index) => {
        const isChecked = option.value === value;
        const badgeId = option.badge ? `${baseId}-${option.value}-badge` : undefined;
        return (
          <div key={option.value} className="relative">
            {/* biome-ignore lint/a11y/useSemanticElements: the APG radio pattern on buttons (keys handled above); a styled native radio would hide its click target. */}
            <button
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="radio"
              aria-checked={isChecked}
              aria-describedby={badgeId}
              tabIndex={isChecked ? 0 : -1}
              onClick={() => onValueChange(option.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'h-9 rounded-full px-4 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground sm:px-5',
                isChecked && 'bg-card text-foreground shadow-sm',
              )}
            >
              {option.label}
            </button>
            {option.badge ? (
              <span
                id={badgeId}
                className="pointer-events-none absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-highlight px-2 py-0.5 text-[0.625rem] leading-tight font-bold tracking-wide whitespace-nowrap text-highlight-foreground"
              >
                {option.badge}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
