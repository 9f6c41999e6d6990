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

/**
 * The stylesheet keys every colour off the `dark` class on <html>. Colours switch at once: with their
 * transitions on, buttons would fade for 150 ms through mixes of both themes behind text that has already
 * switched, too faint to read (styles.css `.theme-switching`).
 */
export function applyResolvedTheme(
  resolved: ResolvedTheme,
  root: HTMLElement = document.documentElement,
): void {
  const isDark = resolved === 'dark';
  if (root.classList.contains('dark') === isDark) return;
  root.classList.add('theme-switching');
  root.classList.toggle('dark', isDark);
  // Reading a computed style makes the browser apply the new colours now, while transitions are off.
  window.getComputedStyle(root).color;
  setTimeout(() => root.classList.remove('theme-switching'), 1);
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(SYSTEM_DARK_QUERY).matches;
}
