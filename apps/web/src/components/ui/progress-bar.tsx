import { cn } from '../../lib/cn.ts';

type ProgressBarProps = {
  /** 0 to 100. */
  value: number;
  label: string;
  /** What a screen reader says instead of the number, e.g. "Strong". */
  valueText?: string;
  className?: string;
  barClassName?: string;
};

export function ProgressBar({ value, label, valueText, className, barClassName }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn('h-full rounded-full bg-primary motion-safe:transition-[width]', barClassName)}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
