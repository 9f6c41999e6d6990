import type { SessionUser } from '@daybook/shared';
import { lazy } from 'react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { DeferredPopup } from '../../components/ui/deferred-popup.tsx';
import { displayName } from './display-name.ts';
import { USER_MENU_LABEL, USER_MENU_TRIGGER_CLASS } from './user-menu-trigger.ts';

const loadUserMenuPopup = () => import('./UserMenuPopup.tsx');
const UserMenuPopup = lazy(async () => ({ default: (await loadUserMenuPopup()).UserMenuPopup }));

/** The keys that open a Radix menu from its trigger. */
const MENU_OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * The header's account button; its menu (Radix's menu, floating-ui, about 20 KB gzip) loads when the button is
 * first pointed at, focused or pressed, not with every signed-in page (ADR 076).
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const name = displayName(user);
  return (
    <DeferredPopup
      preload={() => loadUserMenuPopup().catch(() => undefined)}
      openKeys={MENU_OPEN_KEYS}
      trigger={(standIn) => (
        <button
          type="button"
          aria-label={USER_MENU_LABEL}
          aria-haspopup="menu"
          aria-expanded={false}
          className={USER_MENU_TRIGGER_CLASS}
          {...standIn}
        >
          <Avatar name={name} src={user.avatarUrl} />
        </button>
      )}
    >
      <UserMenuPopup user={user} defaultOpen />
    </DeferredPopup>
  );
}
