import type { SessionUser } from '@daybook/shared';
import { House, LayoutDashboard, LifeBuoy, LogOut, Mail, Sparkles, Tag, UserRound } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Drawer,
  DrawerContent,
  DrawerDescription,
  DrawerTitle,
  DrawerTrigger,
} from '../../components/ui/drawer.tsx';
import { LatestMessages } from '../../features/future-messages/components/LatestMessages.tsx';
import { cn } from '../../lib/cn.ts';
import { useSignOut } from '../../lib/session/sign-out.ts';
import { displayName } from './display-name.ts';
import { Logo } from './Logo.tsx';
import { MenuButton } from './MenuButton.tsx';
import { MobileCalendar } from './MobileCalendar.tsx';
import { PUBLIC_NAV_LINKS } from './nav-links.ts';

const ICONS = { Features: Sparkles, Pricing: Tag, 'Help & Support': LifeBuoy } as const;
const VISITOR_LINKS = [
  { to: '/', label: 'Home', Icon: House },
  ...PUBLIC_NAV_LINKS.map((link) => ({ ...link, Icon: ICONS[link.label] })),
];
const SIGNED_IN_LINKS = [
  { to: '/dashboard', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/profile', label: 'Profile', Icon: UserRound },
  { to: '/help-contact', label: 'Help & Support', Icon: LifeBuoy },
];

export const MESSAGES_EMPTY_MESSAGE = 'Messages to your future self appear here.';

const sectionHeadingClass =
  'px-3 pb-1 font-sans text-xs font-semibold tracking-wide text-muted-foreground uppercase';

function MenuSection({
  title,
  isWide = false,
  children,
}: {
  title: string;
  /** Uses more of the menu's width (the calendar), the heading still aligned with the others. */
  isWide?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col gap-1 pb-4', isWide ? 'px-2' : 'px-4')}>
      <h2 id={headingId} className={cn(sectionHeadingClass, isWide && 'px-5')}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function EmptySection({ Icon, text }: { Icon: typeof Mail; text: string }) {
  return (
    <p className="flex items-start gap-3 rounded-lg border border-dashed px-3 py-3 text-sm text-muted-foreground">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}

/** The side menu for small screens; loaded on first use by `MobileNav` (ADR 020). */
export function MobileNavDrawer({
  user,
  className,
  defaultOpen = false,
}: {
  user: SessionUser | null;
  className?: string;
  defaultOpen?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const close = () => setIsOpen(false);
  const signOut = useSignOut();
  const links = user ? SIGNED_IN_LINKS : VISITOR_LINKS;

  return (
    <Drawer open={isOpen} onOpenChange={setIsOpen}>
      <DrawerTrigger asChild>
        <MenuButton className={className} />
      </DrawerTrigger>
      <DrawerContent>
        <div className="flex h-16 shrink-0 items-center border-b px-4">
          <Logo onClick={close} />
        </div>
        <DrawerTitle className="sr-only">Menu</DrawerTitle>
        <DrawerDescription className="sr-only">Links to the main parts of Daybook</DrawerDescription>
        <nav aria-labelledby="mobile-nav-heading" className="flex flex-col gap-1 p-4">
          <h2 id="mobile-nav-heading" className={sectionHeadingClass}>
            Navigation
          </h2>
          {links.map(({ to, label, Icon }) => (
            <Link
              key={to}
              to={to}
              onClick={close}
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium hover:bg-muted"
            >
              <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
              {label}
            </Link>
          ))}
        </nav>
        {user ? (
          <>
            <MenuSection title="Calendar" isWide>
              <MobileCalendar user={user} onDayChosen={close} />
            </MenuSection>
            <MenuSection title="Messages">
              <LatestMessages
                onNavigate={close}
                emptyState={<EmptySection Icon={Mail} text={MESSAGES_EMPTY_MESSAGE} />}
              />
            </MenuSection>
          </>
        ) : null}
        <div className="mt-auto flex flex-col gap-2 border-t p-4">
          {user ? (
            <>
              <p className="flex items-center gap-3 px-1 pb-2">
                <Avatar name={displayName(user)} src={user.avatarUrl} />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-semibold">{displayName(user)}</span>
                  <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                </span>
              </p>
              <Button
                variant="outline"
                disabled={signOut.isPending}
                onClick={() => {
                  close();
                  signOut.mutate();
                }}
              >
                <LogOut aria-hidden="true" />
                Sign Out
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="outline" onClick={close}>
                <Link to="/login">Log In</Link>
              </Button>
              <Button asChild onClick={close}>
                <Link to="/register">Sign Up</Link>
              </Button>
            </>
          )}
        </div>
      </DrawerContent>
    </Drawer>
  );
}
