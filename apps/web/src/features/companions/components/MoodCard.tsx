import {
  INSIGHTS_MESSAGES,
  MOOD_RING_DAYS,
  type MoodClass,
  type MoodRingItem,
  moodClass,
} from '@daybook/shared';
import { Heart, PenLine } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { useCurrentMood, useMoodRing } from '../api/get-moods.ts';
import { MOOD_CLASS_STYLES, moodEmojiOf, moodPrompt, ringMoods } from '../moods.ts';
import { CompanionCard, CompanionCardSkeleton, CompanionError } from './CompanionCard.tsx';

export const MOOD_TITLE = 'Mood';
export const NO_MOOD_TODAY = 'No mood yet today';
export const EMPTY_RING = 'No moods in the last 7 days. Pick one when you write, and it shows here.';

type MoodCardProps = {
  /** Given, each mood of the ring is a button that puts its prompt in the entry box (docs/product/entries.md#entries-quick-entry). */
  onChoosePrompt?: ((prompt: string) => void) | undefined;
};

/** The mood card (docs/product/dashboard.md#dashboard-moods): today's current mood and the ring of the last 7 days' moods. */
export function MoodCard({ onChoosePrompt }: MoodCardProps) {
  const ring = useMoodRing();
  const current = useCurrentMood();
  if (ring.isPending || current.isPending) return <CompanionCardSkeleton label="Loading your moods" />;
  if (ring.isError) {
    return (
      <CompanionCard title={MOOD_TITLE} icon={Heart}>
        <CompanionError message="Your moods could not be loaded." onRetry={() => void ring.refetch()} />
      </CompanionCard>
    );
  }
  // The current mood's own failure is only logged (docs/product/dashboard.md#dashboard-errors): the ring still shows.
  const currentMood = current.data?.moodTag ?? null;
  return <MoodCardView items={ring.data.moods} currentMood={currentMood} onChoosePrompt={onChoosePrompt} />;
}

export function MoodCardView({
  items,
  currentMood,
  onChoosePrompt,
}: {
  items: readonly MoodRingItem[];
  currentMood: string | null;
  onChoosePrompt?: ((prompt: string) => void) | undefined;
}) {
  const moods = ringMoods(items);
  return (
    <CompanionCard title={MOOD_TITLE} icon={Heart}>
      <div className="flex items-center gap-4">
        <MoodRing items={items} center={currentMood ? moodEmojiOf(currentMood) : null} />
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="text-sm text-muted-foreground">Current mood</p>
          <p className="font-serif text-xl font-semibold">
            {currentMood ? (
              <>
                <span aria-hidden="true">{moodEmojiOf(currentMood)} </span>
                {currentMood}
              </>
            ) : (
              <span className="font-sans text-base font-normal text-muted-foreground">{NO_MOOD_TODAY}</span>
            )}
          </p>
        </div>
      </div>
      {moods.length === 0 ? (
        <p className="text-sm text-muted-foreground">{EMPTY_RING}</p>
      ) : (
        <div className="flex flex-col gap-2">
          <h3 className="font-sans text-sm font-medium">Last {MOOD_RING_DAYS} days</h3>
          <ul className="flex flex-wrap gap-1.5">
            {moods.map((mood) => {
              const content = (
                <>
                  <span aria-hidden="true">{mood.emoji}</span>
                  {mood.label}
                  {mood.count > 1 ? <span className="text-muted-foreground">×{mood.count}</span> : null}
                </>
              );
              const times = mood.count === 1 ? 'once' : `${mood.count} times`;
              return (
                <li key={mood.label}>
                  {onChoosePrompt ? (
                    <button
                      type="button"
                      aria-label={`Write about ${mood.label} (${times} in ${MOOD_RING_DAYS} days)`}
                      onClick={() => onChoosePrompt(moodPrompt(mood.label))}
                      className="group inline-flex h-8 items-center gap-1.5 rounded-full border border-input bg-card px-3 text-sm hover:bg-muted"
                    >
                      {content}
                      <PenLine
                        aria-hidden="true"
                        className="size-3.5 text-muted-foreground group-hover:text-primary"
                      />
                    </button>
                  ) : (
                    <span className="inline-flex h-8 items-center gap-1.5 rounded-full bg-muted px-3 text-sm">
                      {content}
                      <span className="sr-only">({times})</span>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </CompanionCard>
  );
}

const RADIUS = 26;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** Room between two arcs, in the circle's units. */
const GAP = 3;

/** The ring itself: one arc per tagged entry of the last 7 days (oldest first, clockwise), coloured by class. */
function MoodRing({ items, center }: { items: readonly MoodRingItem[]; center: string | null }) {
  const arcs = [...items].reverse();
  const counts: Record<MoodClass, number> = { positive: 0, neutral: 0, negative: 0 };
  for (const item of items) counts[moodClass(item.moodTag)] += 1;
  const label =
    items.length === 0
      ? 'Mood ring: no moods in the last 7 days'
      : `Mood ring of the last 7 days: ${counts.positive} ${INSIGHTS_MESSAGES.positive.toLowerCase()}, ${counts.neutral} ${INSIGHTS_MESSAGES.neutral.toLowerCase()}, ${counts.negative} ${INSIGHTS_MESSAGES.negative.toLowerCase()}`;
  const length = arcs.length > 0 ? CIRCUMFERENCE / arcs.length : 0;
  const gap = arcs.length > 1 ? GAP : 0;
  return (
    <div role="img" aria-label={label} className="relative size-20 shrink-0">
      <svg viewBox="0 0 64 64" className="size-full -rotate-90" aria-hidden="true">
        <circle cx="32" cy="32" r={RADIUS} fill="none" strokeWidth="7" className="stroke-muted" />
        {arcs.map((item, index) => (
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: arcs are positional, a new ring redraws them all.
            key={index}
            cx="32"
            cy="32"
            r={RADIUS}
            fill="none"
            strokeWidth="7"
            strokeDasharray={`${Math.max(0, length - gap)} ${CIRCUMFERENCE}`}
            strokeDashoffset={-index * length}
            className={cn(MOOD_CLASS_STYLES[moodClass(item.moodTag)].stroke)}
          />
        ))}
      </svg>
      <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center text-2xl">
        {center ?? (arcs[arcs.length - 1] ? moodEmojiOf(arcs[arcs.length - 1]!.moodTag) : null)}
      </span>
    </div>
  );
}
