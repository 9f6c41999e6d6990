import { MOODS, type MoodClass, type MoodRingItem, moodClass } from '@daybook/shared';

/** The emoji of a mood label; a neutral face for a tag that is not one of the 19 (docs/product/entries.md#entries-moods). */
export function moodEmojiOf(label: string): string {
  return MOODS.find((mood) => mood.label === label)?.emoji ?? '😐';
}

/**
 * The entry box's prompt when a mood of the ring is chosen (docs/product/search.md#search-themes: "You've written about {theme}. What helped
 * you with {theme without #} this week?"), the mood standing for the theme; a mood has no "#" to drop.
 */
export function moodPrompt(mood: string): string {
  return `You've written about ${mood}. What helped you with ${mood} this week?`;
}

export type RingMood = { label: string; emoji: string; count: number; moodClass: MoodClass };

/** The ring's distinct moods, most written first (ties: the more recent first, as the ring is newest first). */
export function ringMoods(items: readonly MoodRingItem[]): RingMood[] {
  const byLabel = new Map<string, RingMood>();
  for (const item of items) {
    const found = byLabel.get(item.moodTag);
    if (found) found.count += 1;
    else {
      byLabel.set(item.moodTag, {
        label: item.moodTag,
        emoji: moodEmojiOf(item.moodTag),
        count: 1,
        moodClass: moodClass(item.moodTag),
      });
    }
  }
  return [...byLabel.values()].sort((a, b) => b.count - a.count);
}

/** Colours of the three mood classes, readable in both themes (the ring's arcs and the overview's bars). */
export const MOOD_CLASS_STYLES: Record<MoodClass, { stroke: string; fill: string }> = {
  positive: { stroke: 'stroke-primary', fill: 'bg-primary' },
  neutral: { stroke: 'stroke-muted-foreground/60', fill: 'bg-muted-foreground/60' },
  negative: { stroke: 'stroke-sky-600 dark:stroke-sky-400', fill: 'bg-sky-600 dark:bg-sky-400' },
};
