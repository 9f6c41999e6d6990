import { HELD_APP_SCRIPTS_ID } from '@daybook/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import { ThemeProvider } from './ThemeProvider.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { useTheme } from './theme-context.ts';
import {
  applyResolvedTheme,
  parseStoredThemeValue,
  readStoredTheme,
  resolveTheme,
  storeTheme,
} from './theme-storage.ts';

const html = () => document.documentElement;

/** A controllable `prefers-color-scheme: dark` media query. */
function mockSystemTheme(isDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: isDark,
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => query as unknown as MediaQueryList);
  return {
    change(nextIsDark: boolean) {
      query.matches = nextIsDark;
      for (const listener of listeners) listener({ matches: nextIsDark } as MediaQueryListEvent);
    },
  };
}

describe('theme storage', () => {
  it('reads a saved theme and treats anything else as "system"', () => {
    expect(readStoredTheme()).toBe('system');
    localStorage.setItem('theme', 'dark');
    expect(readStoredTheme()).toBe('dark');
    localStorage.setItem('theme', 'sepia');
    expect(readStoredTheme()).toBe('system');
    expect(parseStoredThemeValue(null)).toBe('system');
  });

  it('saves the choice under the "theme" key', () => {
    storeTheme('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('falls back to "system" when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readStoredTheme()).toBe('system');
  });

  it('resolves "system" from the OS preference and applies the dark class', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    applyResolvedTheme('dark');
    expect(html().classList.contains('dark')).toBe(true);
    applyResolvedTheme('light');
    expect(html().classList.contains('dark')).toBe(false);
  });
});

describe('app/first-paint.ts (before the app loads)', () => {
  // The script runs as it loads, once per page: each case loads it afresh (a new address is a new module).
  let runs = 0;
  const runScript = async () => {
    runs += 1;
    await import(/* @vite-ignore */ `../../app/first-paint.ts?run=${runs}`);
  };

  afterEach(() => {
    html().classList.remove('dark');
    delete html().dataset.welcomeCard;
  });

  it.each([
    ['dark', false, true],
    ['light', true, false],
    ['system', true, true],
    [null, false, false],
  ])('with theme %s and a dark OS = %s, sets dark = %s', async (stored, isOsDark, expected) => {
    if (stored) localStorage.setItem('theme', stored);
    mockSystemTheme(isOsDark);
    await runScript();
    expect(html().classList.contains('dark')).toBe(expected);
  });

  it("hides the first screen's welcome card where this browser rules it out (ADR 051)", async () => {
    mockSystemTheme(false);
    await runScript();
    expect(html().dataset.welcomeCard).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.welcomeCardDismissed, 'true');
    await runScript();
    expect(html().dataset.welcomeCard).toBe('hidden');
  });

  it('puts the scripts the server held back into the head once the page is painted, once', async () => {
    vi.useFakeTimers();
    try {
      const held = document.createElement('template');
      held.id = HELD_APP_SCRIPTS_ID;
      held.innerHTML = '<link rel="modulepreload" href="/assets/app-1.js">';
      document.body.append(held);
      await runScript();
      document.dispatchEvent(new Event('DOMContentLoaded'));
      expect(document.head.querySelector('link[href="/assets/app-1.js"]')).toBeNull();
      // jsdom has no paint timing: the timer a hidden tab relies on starts the app.
      await vi.advanceTimersByTimeAsync(1_000);
      expect(document.head.querySelectorAll('link[href="/assets/app-1.js"]')).toHaveLength(1);
      expect(document.getElementById(HELD_APP_SCRIPTS_ID)).toBeNull();
    } finally {
      vi.useRealTimers();
      document.head.querySelector('link[href="/assets/app-1.js"]')?.remove();
    }
  });
});

function ThemeProbe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <>
      <p>
        {theme}/{resolvedTheme}
      </p>
      <button type="button" onClick={() => setTheme('light')}>
        Light
      </button>
      <button type="button" onClick={() => setTheme('system')}>
        System
      </button>
    </>
  );
}

describe('ThemeProvider', () => {
  it('follows the OS while the choice is "system", and stops following it otherwise', () => {
    const system = mockSystemTheme(false);
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('system/light')).toBeTruthy();

    act(() => system.change(true));
    expect(screen.getByText('system/dark')).toBeTruthy();
    expect(html().classList.contains('dark')).toBe(true);

    act(() => screen.getByRole('button', { name: 'Light' }).click());
    expect(screen.getByText('light/light')).toBeTruthy();
    expect(html().classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');

    act(() => system.change(true));
    expect(html().classList.contains('dark')).toBe(false);
  });

  it('picks up a choice made in another tab', () => {
    mockSystemTheme(false);
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    });
    expect(screen.getByText('dark/dark')).toBeTruthy();
  });
});

describe('ThemeToggle', () => {
  it('offers Light, Dark and System under "Toggle theme", and remembers the choice', async () => {
    mockSystemTheme(false);
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Toggle theme' });
    expect(trigger.getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.keyDown(trigger, { key: 'Enter' });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Light', 'Dark', 'System']);

    fireEvent.click(screen.getByRole('menuitem', { name: 'Dark' }));
    expect(html().classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
