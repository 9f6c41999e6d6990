import type { SessionUser } from '@daybook/shared';
import { Menu } from 'lucide-react';
import { type ComponentProps, lazy } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { DeferredPopup } from '../../components/ui/deferred-popup.tsx';

const loadMobileNavDrawer = () => import('./MobileNavDrawer.tsx');
const MobileNavDrawer = lazy(async () => ({ default: (await loadMobileNavDrawer()).MobileNavDrawer }));

export function MenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label="Open menu" {...props}>
      <Menu aria-hidden="true" />
    </Button>
  );
}

/** The side menu for small screens: the drawer (vaul, the calendar) loads on first use (ADR 020). */
export function MobileNav({ user, className }: { user: SessionUser | null; className?: string }) {
  return (
    <DeferredPopup
      preload={() => loadMobileNavDrawer().catch(() => undefined)}
      trigger={(standIn) => (
        <MenuButton aria-haspopup="dialog" aria-expanded={false} className={className} {...standIn} />
      )}
    >
      <MobileNavDrawer user={user} className={className} defaultOpen />
    </DeferredPopup>
  );
}
