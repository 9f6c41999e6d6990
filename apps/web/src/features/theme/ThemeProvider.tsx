import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import { ThemeContext, type ThemeContextValue } from './theme-context.ts';
import {
  applyResolvedTheme,
  parseStoredThemeValue,
  readStoredTheme,
  resolveTheme,
  SYSTEM_DARK_QUERY,
  storeTheme,
  systemPrefersDark,
  type Theme,
} from './theme-storage.ts';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);
  const [isSystemDark, setIsSystemDark] = useState(systemPrefersDark);
  const resolvedTheme = resolveTheme(theme, isSystemDark);

  // Follow the operating system while the choice is "system".
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(SYSTEM_DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => setIsSystemDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // Keep other open tabs in step with a choice made here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.theme) setThemeState(parseStoredThemeValue(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    applyResolvedTheme(resolvedTheme);
  }, [resolvedTheme]);

  const setTheme = useCallback((next: Theme) => {
    storeTheme(next);
    setThemeState(next);
  }, []);

  const value = useMemo<ThemeContextValue>(
    () => ({ theme, resolvedTheme, setTheme }),
    [theme, resolvedTheme, setTheme],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}
