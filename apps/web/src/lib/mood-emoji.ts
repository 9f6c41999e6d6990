import { MOODS } from '@daybook/shared';

/** The emoji of one of the 19 moods (docs/product/entries.md#entries-moods) by its label; undefined for no mood or an unknown one. */
export function moodEmoji(label: string | null | undefined): string | undefined {
  return label ? MOODS.find((mood) => mood.label === label)?.emoji : undefined;
}
