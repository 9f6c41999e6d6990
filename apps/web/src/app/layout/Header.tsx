import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Island } from '../../components/ui/island.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ThemeToggle } from '../../features/theme/ThemeToggle.tsx';
import { SITE_HEADER_ID } from '../../lib/hash-scroll.ts';
import { useSession } from '../../lib/session/get-session.ts';
import { Logo } from './Logo.tsx';
import { MobileNav } from './MobileNav.tsx';
import { PUBLIC_NAV_LINKS } from './nav-links.ts';

// Signed in only, and it brings Radix's menu: loaded when there is a user (ADR 020).
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu.tsx')).UserMenu }));
// Signed in only too, with the bells' queries and their encryption (thank-you notes): kept off a visitor's load.
const HeaderBells = lazy(async () => ({ default: (await import('./HeaderBells.tsx')).HeaderBells }));

export function Header() {
  const { user, isPending } = useSession();

  return (
    <header
      id={SITE_HEADER_ID}
      className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-backdrop-filter:bg-background/75"
    >
      <div className="page-container flex h-16 items-center gap-2">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {user ? (
            <Button asChild variant="ghost" size="sm" className="text-muted-foreground hover:text-foreground">
              <Link to="/dashboard">Dashboard</Link>
            </Button>
          ) : null}
          {PUBLIC_NAV_LINKS.map(({ to, label }) => (
            <Button
              key={to}
              asChild
              variant="ghost"
              size="sm"
              className="text-muted-foreground hover:text-foreground"
            >
              <Link to={to}>{label}</Link>
            </Button>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <Island name="theme-toggle">
            <ThemeToggle />
          </Island>
          {isPending ? (
            // Neither "Log In" nor the avatar until the session is known: no flash of the wrong one.
            <Skeleton className="size-9 rounded-full" />
          ) : user ? (
            <>
              <Suspense
                fallback={
                  <>
                    <Skeleton className="size-9 rounded-full" />
                    <Skeleton className="size-9 rounded-full" />
                  </>
                }
              >
                <HeaderBells />
              </Suspense>
              <Suspense fallback={<Skeleton className="size-9 rounded-full" />}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : (
            <>
              <Button asChild variant="ghost" className="hidden sm:inline-flex">
                <Link to="/login">Log In</Link>
              </Button>
              <Button asChild className="px-3 sm:px-4">
                <Link to="/register">Sign Up</Link>
              </Button>
            </>
          )}
          <Island name="mobile-nav">
            <MobileNav user={isPending ? null : user} className="md:hidden" />
          </Island>
        </div>
      </div>
    </header>
  );
}
