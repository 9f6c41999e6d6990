import { AFFIRMATIONS, affirmationIndexForDay, shuffledAffirmationIndex } from '@daybook/shared';
import { Shuffle, Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { dismissAffirmation, isAffirmationDismissed } from '../affirmation.ts';

export const AFFIRMATION_TITLE = 'Daily affirmation';

/**
 * The daily affirmation (docs/product/dashboard.md#dashboard-affirmation): one of 10 messages chosen by day of year, "Shuffle" for a random other one,
 * and dismissed until tomorrow. `today` is the user's date, so a new day brings it back with that day's message.
 */
export function AffirmationCard({ today }: { today: string }) {
  const [state, setState] = useState(() => ({
    day: today,
    index: affirmationIndexForDay(today),
    isDismissed: isAffirmationDismissed(today),
  }));
  // Midnight passed while the page was open: a new day, a new message, shown again.
  if (state.day !== today) {
    setState({
      day: today,
      index: affirmationIndexForDay(today),
      isDismissed: isAffirmationDismissed(today),
    });
  }
  const headingId = useId();
  if (state.isDismissed) return null;

  const onDismiss = () => {
    dismissAffirmation(today);
    setState((current) => ({ ...current, isDismissed: true }));
  };

  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className="flex items-start gap-3 border-primary/20 bg-tint/50 p-4"
    >
      <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2
          id={headingId}
          className="font-sans text-xs font-semibold tracking-wide text-tint-foreground uppercase"
        >
          {AFFIRMATION_TITLE}
        </h2>
        <p aria-live="polite" className="font-serif text-base leading-snug sm:text-lg">
          {AFFIRMATIONS[state.index]}
        </p>
      </div>
      <div className="-mt-1 -mr-1 flex shrink-0 gap-0.5">
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label="Shuffle affirmation"
          title="Another affirmation"
          onClick={() =>
            setState((current) => ({ ...current, index: shuffledAffirmationIndex(current.index) }))
          }
        >
          <Shuffle aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label="Dismiss affirmation until tomorrow"
          title="Hide until tomorrow"
          onClick={onDismiss}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </Card>
  );
}
