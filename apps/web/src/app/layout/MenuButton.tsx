import { Menu } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../components/ui/button.tsx';

/** The header's menu button on small screens: the stand-in before the drawer loads, and the drawer's own trigger. */
export function MenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label="Open menu" {...props}>
      <Menu aria-hidden="true" />
    </Button>
  );
}
