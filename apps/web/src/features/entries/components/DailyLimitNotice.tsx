import { type DailyEntryLimit, ENTRY_MESSAGES, PREMIUM_QUOTED_DAILY_ENTRIES } from '@daybook/shared';
import { ArrowRight, MoonStar } from 'lucide-react';
import { Link } from 'react-router';
import { PREMIUM_UPGRADE_TARGET } from '../../../components/ui/upgrade-target.ts';

/**
 * Today's limit, reached: said in the card before anything is written, not only in a toast after "Save"
 * (ADR 087). Calm rather than alarming (nothing went wrong), with the numbers, the promise that the draft is
 * kept, and the way to more entries a day for a plan below Premium's.
 */
export function DailyLimitNotice({ id, limit }: { id: string; limit: DailyEntryLimit }) {
  const canUpgrade = limit.limit < PREMIUM_QUOTED_DAILY_ENTRIES;
  return (
    <div
      id={id}
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-tint px-4 py-3 text-tint-foreground sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <MoonStar aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-medium">{ENTRY_MESSAGES.dailyLimitReached(limit.limit)}</p>
          <p className="text-sm">
            You've written {Math.min(limit.used, limit.limit)} of {limit.limit} entries today. Keep writing if
            you like: your draft stays in this browser until you can save it.
          </p>
        </div>
      </div>
      {canUpgrade ? (
        <Link
          to={PREMIUM_UPGRADE_TARGET}
          className="ml-8 inline-flex shrink-0 items-center gap-1.5 self-start rounded-md text-sm font-semibold underline decoration-1 underline-offset-4 hover:decoration-2 sm:ml-0 sm:self-center"
        >
          Up to {PREMIUM_QUOTED_DAILY_ENTRIES} a day with Premium
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </div>
  );
}
