// Runs before the app so the page never flashes the wrong theme.
// Keep in step with src/features/theme/theme-storage.ts (this file cannot import it).
(() => {
  try {
    const stored = window.localStorage.getItem('theme');
    const theme = stored === 'light' || stored === 'dark' ? stored : 'system';
    const isDark =
      theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', isDark);
  } catch {
    // Storage can be blocked (private modes, strict settings); the light theme is a safe default.
  }
})();
