import { STORAGE_KEYS, THEMES } from '../../lib/constants.ts';
import { readStoredString, writeStoredString } from '../../lib/storage.ts';

// app/first-paint.ts applies the stored theme with these before the app loads.

export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = Exclude<Theme, 'system'>;

export const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

/** A stored value as a theme; anything missing or unknown means "follow the system". */
export function parseStoredThemeValue(value: string | null): Theme {
  return (THEMES as readonly (string | null)[]).includes(value) ? (value as Theme) : 'system';
}

export function readStoredTheme(): Theme {
  return parseStoredThemeValue(readStoredString(STORAGE_KEYS.theme));
}

export function storeTheme(theme: Theme): void {
  writeStoredString(STORAGE_KEYS.theme, theme);
}

export function resolveTheme(theme: Theme, isSystemDark: boolean): ResolvedTheme {
  if (theme === 'system') return isSystemDark ? 'dark' : 'light';
  return theme;
}

/** The stylesheet keys every colour off the `dark` class on <html>. */
export function applyResolvedTheme(
  resolved: ResolvedTheme,
  root: HTMLElement = document.documentElement,
): void {
  root.classList.toggle('dark', resolved === 'dark');
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(SYSTEM_DARK_QUERY).matches;
}
