import type { Theme } from './theme-storage.ts';

/** The names the theme menu and its trigger show. */
export const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
