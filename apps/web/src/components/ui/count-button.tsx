import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from './button.tsx';
import { CountBadge } from './count-badge.tsx';

type CountButtonProps = ComponentProps<typeof Button> & {
  icon: LucideIcon;
  count: number;
  /** The accessible name, which carries the count ("3 unread notifications"). */
  label: string;
};

/** An icon button with a red count badge: the header's bells. */
export function CountButton({ icon: Icon, count, label, ...props }: CountButtonProps) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} className="relative" {...props}>
      <Icon aria-hidden="true" />
      <CountBadge count={count} />
    </Button>
  );
}
