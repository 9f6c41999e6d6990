import { House, LifeBuoy, Menu, Sparkles, Tag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import {
  Drawer,
  DrawerContent,
  DrawerDescription,
  DrawerTitle,
  DrawerTrigger,
} from '../../components/ui/drawer.tsx';
import { Logo } from './Logo.tsx';
import { PUBLIC_NAV_LINKS } from './nav-links.ts';

const ICONS = { Features: Sparkles, Pricing: Tag, 'Help & Support': LifeBuoy } as const;
const LINKS = [
  { to: '/', label: 'Home', Icon: House },
  ...PUBLIC_NAV_LINKS.map((link) => ({ ...link, Icon: ICONS[link.label] })),
];

/** The side menu for small screens. */
export function MobileNav({ className }: { className?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const close = () => setIsOpen(false);

  return (
    <Drawer open={isOpen} onOpenChange={setIsOpen}>
      <DrawerTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className={className}>
          <Menu aria-hidden="true" />
        </Button>
      </DrawerTrigger>
      <DrawerContent>
        <div className="flex h-16 items-center border-b px-4">
          <Logo onClick={close} />
        </div>
        <DrawerTitle className="sr-only">Menu</DrawerTitle>
        <DrawerDescription className="sr-only">Links to the main parts of Daybook</DrawerDescription>
        <nav aria-labelledby="mobile-nav-heading" className="flex flex-col gap-1 p-4">
          <h2
            id="mobile-nav-heading"
            className="px-3 pb-1 font-sans text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            Navigation
          </h2>
          {LINKS.map(({ to, label, Icon }) => (
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
        <div className="mt-auto flex flex-col gap-2 border-t p-4">
          <Button asChild variant="outline" onClick={close}>
            <Link to="/login">Log In</Link>
          </Button>
          <Button asChild onClick={close}>
            <Link to="/register">Sign Up</Link>
          </Button>
        </div>
      </DrawerContent>
    </Drawer>
  );
}
