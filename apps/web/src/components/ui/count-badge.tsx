import { cn } from '../../lib/cn.ts';
import { countLabel } from '../../lib/count-label.ts';

/**
 * The red count on a bell ("9+" above 9). Hidden from screen readers: the button it sits on carries the count in
 * its own name ("3 unread notifications"), which reads better than a bare number.
 */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="count-badge"
      className={cn(
        'pointer-events-none absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-semibold text-destructive-foreground ring-2 ring-background',
        className,
      )}
    >
      {countLabel(count)}
    </span>
  );
}
