import type { SessionUser } from '@daybook/shared';
import { type ComponentType, lazy } from 'react';
import { DeferredPopup } from '../../components/ui/deferred-popup.tsx';
import { MenuButton } from './MenuButton.tsx';

const loadMobileNavDrawer = () => import('./MobileNavDrawer.tsx');
const MobileNavDrawer = lazy(async () => ({ default: (await loadMobileNavDrawer()).MobileNavDrawer }));

type DrawerProps = { user: SessionUser | null; className?: string; defaultOpen?: boolean };

/**
 * The side menu for small screens: the drawer (vaul, the calendar) loads on first use (ADR 020). `Drawer` is
 * that drawer; the prerendered landing page passes one that brings the app's providers with it (ADR 045).
 */
export function MobileNav({
  user,
  className,
  Drawer = MobileNavDrawer,
}: {
  user: SessionUser | null;
  className?: string;
  Drawer?: ComponentType<DrawerProps>;
}) {
  return (
    <DeferredPopup
      preload={() => loadMobileNavDrawer().catch(() => undefined)}
      trigger={(standIn) => (
        <MenuButton aria-haspopup="dialog" aria-expanded={false} className={className} {...standIn} />
      )}
    >
      <Drawer user={user} className={className} defaultOpen />
    </DeferredPopup>
  );
}
