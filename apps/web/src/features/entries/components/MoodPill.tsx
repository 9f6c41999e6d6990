import { cn } from '../../../lib/cn.ts';
import { findMood, moodAccentClass } from '../moods.ts';

/** An entry's mood as its card shows it: the emoji and the name on the mood's accent; nothing without a mood. */
export function MoodPill({ moodTag }: { moodTag: string | null }) {
  const mood = findMood(moodTag);
  if (!mood) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full py-0.5 pr-2.5 pl-1 text-sm font-medium',
        moodAccentClass(mood),
      )}
    >
      <span aria-hidden="true" className="text-lg leading-none">
        {mood.emoji}
      </span>
      {mood.label}
    </span>
  );
}
