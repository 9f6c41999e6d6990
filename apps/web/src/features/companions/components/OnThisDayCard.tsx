import { markdownToPlainText } from '@daybook/shared';
import { ChevronRight, History } from 'lucide-react';
import { Link } from 'react-router';
import { type Memory, useOnThisDay } from '../api/get-on-this-day.ts';
import { memoryAge, memoryDayLabel } from '../format.ts';
import { moodEmojiOf } from '../moods.ts';
import { CompanionCard } from './CompanionCard.tsx';

export const ON_THIS_DAY_TITLE = 'On this day';
/** How much of an earlier entry the card shows; the entry itself opens in full. */
const SNIPPET_CHARS = 140;

type OnThisDayCardProps = {
  /** Today in the user's time zone (yyyy-MM-dd). */
  today: string;
  /** Where an earlier entry opens: its day in the journal. */
  dayHref: (date: string) => string;
};

/**
 * Entries written on this date in earlier years, and a month ago, decrypted in the browser like the list. The card
 * appears only when there are some; while it loads, or when it cannot, it stays away rather than push the
 * dashboard around (docs/product/dashboard.md#dashboard-errors: other errors are only logged).
 */
export function OnThisDayCard({ today, dayHref }: OnThisDayCardProps) {
  const memories = useOnThisDay(today);
  if (!memories.data || memories.data.length === 0) return null;
  return <OnThisDayView memories={memories.data} today={today} dayHref={dayHref} />;
}

export function OnThisDayView({
  memories,
  today,
  dayHref,
}: {
  memories: readonly Memory[];
  today: string;
  dayHref: (date: string) => string;
}) {
  return (
    <CompanionCard title={ON_THIS_DAY_TITLE} icon={History}>
      <ul className="-mx-2 flex flex-col gap-1">
        {memories.map((memory) => {
          const mood = memory.moodTag ? moodEmojiOf(memory.moodTag) : null;
          const text = markdownToPlainText(memory.text);
          const snippet =
            text.length > SNIPPET_CHARS
              ? `${text.slice(0, SNIPPET_CHARS).trimEnd()}…`
              : text || 'An entry with media only';
          return (
            <li key={memory.id}>
              <Link
                to={dayHref(memory.entryDate)}
                className="group flex items-start gap-2 rounded-lg p-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
                    {mood ? <span aria-hidden="true">{mood}</span> : null}
                    <span className="font-semibold whitespace-nowrap">
                      {memoryAge(memory.entryDate, today)}
                    </span>
                    <span className="text-xs whitespace-nowrap text-muted-foreground">
                      {memoryDayLabel(memory.entryDate)}
                    </span>
                  </span>
                  <span
                    className={
                      memory.isDecryptionFailed
                        ? 'text-sm text-destructive'
                        : 'line-clamp-2 text-sm text-muted-foreground'
                    }
                  >
                    {snippet}
                  </span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-muted-foreground group-hover:text-foreground"
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </CompanionCard>
  );
}
