import { Share2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The card's "Share" button, the same before its menu's code has loaded (the stand-in) and after (the Radix
 * trigger), so nothing moves when one replaces the other.
 */
export function ShareTrigger(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="sm" aria-haspopup="menu" {...props}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
