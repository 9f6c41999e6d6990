import { Inbox } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { CountBadge } from '../../../../components/ui/count-badge.tsx';

export const sharesBellLabel = (unviewed: number) =>
  unviewed > 0 ? `${unviewed} new shared reflection${unviewed === 1 ? '' : 's'}` : 'Shared with you';

export function SharesBellButton({
  unviewed,
  ...props
}: ComponentProps<typeof Button> & { unviewed: number }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={sharesBellLabel(unviewed)}
      className="relative"
      {...props}
    >
      <Inbox aria-hidden="true" />
      <CountBadge count={unviewed} />
    </Button>
  );
}
