import { MOODS } from '@daybook/shared';
import { MOOD_ACCENTS, PICKER_MOOD_COUNT } from '../../lib/constants.ts';

export type Mood = (typeof MOODS)[number];

/** The quick entry picker offers the first 16 of the 19 moods (docs/product/entries.md#entries-moods). */
export const PICKER_MOODS: readonly Mood[] = MOODS.slice(0, PICKER_MOOD_COUNT);

/** The picker's title, on its button's popup and its drawer alike. */
export const MOOD_PICKER_TITLE = 'How are you feeling?';

export function findMood(label: string | null | undefined): Mood | undefined {
  return label ? MOODS.find((mood) => mood.label === label) : undefined;
}

/** The entry list's accents for some emoji (docs/product/entries.md#entries-moods), as badge colours readable in both themes. */
const ACCENT_CLASS = {
  green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  blue: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  purple: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
  red: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-100',
  yellow: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
} as const;

export function moodAccentClass(mood: Mood): string {
  const accent = MOOD_ACCENTS[mood.emoji];
  return accent ? ACCENT_CLASS[accent] : 'bg-muted text-foreground';
}
