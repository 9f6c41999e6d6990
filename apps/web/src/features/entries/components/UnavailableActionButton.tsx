import type { LucideIcon } from 'lucide-react';
import { type MouseEvent, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip.tsx';

type UnavailableActionButtonProps = {
  label: string;
  /** Why it cannot be used here: in a tooltip on hover and focus, and as the button's description. */
  reason: string;
  Icon: LucideIcon;
};

const ignore = (event: MouseEvent) => event.preventDefault();

/**
 * A real control whose feature this server does not offer yet: visibly disabled, yet focusable
 * (aria-disabled, not disabled) so that keyboard users reach the tooltip that says why.
 */
export function UnavailableActionButton({ label, reason, Icon }: UnavailableActionButtonProps) {
  const reasonId = useId();
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            aria-disabled="true"
            aria-describedby={reasonId}
            onClick={ignore}
            className="aria-disabled:pointer-events-auto aria-disabled:cursor-not-allowed"
          >
            <Icon aria-hidden="true" />
            {label}
          </Button>
        </TooltipTrigger>
        <TooltipContent>{reason}</TooltipContent>
      </Tooltip>
      <span id={reasonId} className="sr-only">
        {reason}
      </span>
    </>
  );
}
