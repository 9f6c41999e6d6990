import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useIsOffline } from '../../../lib/use-is-offline.ts';

type CompanionCardProps = {
  title: string;
  icon: LucideIcon;
  /** Beside the title, e.g. a milestone badge. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** The frame of each dashboard companion: a small titled card, a region named by its title. */
export function CompanionCard({ title, icon: Icon, aside, children, className }: CompanionCardProps) {
  const headingId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className={cn('@container flex flex-col gap-3 p-4', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id={headingId}
          className="flex items-center gap-2 font-sans text-sm font-semibold tracking-wide text-muted-foreground uppercase"
        >
          <Icon aria-hidden="true" className="size-4 text-primary" />
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </Card>
  );
}

/** A companion's placeholder while its data loads; announced once as loading. */
export function CompanionCardSkeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <Card aria-busy="true" className="flex flex-col gap-3 p-4">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-7 w-36" />
      {Array.from({ length: lines - 1 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
        <Skeleton key={index} className="h-4 w-full" />
      ))}
    </Card>
  );
}

/** Said in place of a companion's error without a network: the list's one notice says why (ADR 084). */
export const COMPANION_OFFLINE = "Shown again when you're back online.";

/**
 * A companion that could not be loaded: says so in a line, with a way to try again. Offline it is no error and
 * trying again cannot help: a quiet line instead, so the page has one offline notice, not one per card
 * (ADR 084).
 */
export function CompanionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const isOffline = useIsOffline();
  if (isOffline) return <p className="text-sm text-muted-foreground">{COMPANION_OFFLINE}</p>;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <p>{message}</p>
      <Button variant="link" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
