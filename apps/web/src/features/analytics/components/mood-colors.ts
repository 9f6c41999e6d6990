import type { Valence } from '@daybook/shared';

/**
 * Mood colours, from CSS variables that change with the theme (styles.css): blue for positive, sand for
 * neutral, orange for negative, told apart with the common colour-vision deficiencies too.
 */
export const VALENCE_COLOR: Record<Valence, string> = {
  positive: 'var(--mood-positive)',
  neutral: 'var(--mood-neutral)',
  negative: 'var(--mood-negative)',
};

export const VALENCE_LABEL: Record<Valence, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};
