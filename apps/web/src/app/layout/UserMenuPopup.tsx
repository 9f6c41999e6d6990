import type { SessionUser } from '@daybook/shared';
import { Download, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useSignOut } from '../../lib/session/sign-out.ts';
import { displayName } from './display-name.ts';
import { USER_MENU_LABEL, USER_MENU_TRIGGER_CLASS } from './user-menu-trigger.ts';

/** The account menu itself (Radix); loaded on first use by `UserMenu` (ADR 020, 076). */
export function UserMenuPopup({ user, defaultOpen = false }: { user: SessionUser; defaultOpen?: boolean }) {
  const signOut = useSignOut();
  const name = displayName(user);

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label={USER_MENU_LABEL} className={USER_MENU_TRIGGER_CLASS}>
        <Avatar name={name} src={user.avatarUrl} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3 py-2 font-normal">
          <Avatar name={name} src={user.avatarUrl} className="size-10" />
          <span className="flex min-w-0 flex-col">
            <span className="truncate text-sm font-semibold text-foreground">{name}</span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRound aria-hidden="true" />
            Profile Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/export">
            <Download aria-hidden="true" />
            Data &amp; Export
          </Link>
        </DropdownMenuItem>
        {user.role === 'admin' ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldCheck aria-hidden="true" />
              Admin
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
