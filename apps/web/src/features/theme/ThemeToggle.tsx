import { Moon, Sun } from 'lucide-react';
import { lazy, useId } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { DeferredPopup } from '../../components/ui/deferred-popup.tsx';
import { useTheme } from './theme-context.ts';
import { THEME_LABELS } from './theme-labels.ts';

const loadThemeMenu = () => import('./ThemeMenu.tsx');
const ThemeMenu = lazy(async () => ({ default: (await loadThemeMenu()).ThemeMenu }));

/** The keys that open a Radix menu from its trigger. */
const MENU_OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

/** The header's theme button; its menu (Radix) loads on first use (ADR 020). */
export function ThemeToggle() {
  const { theme, resolvedTheme } = useTheme();
  const currentId = useId();
  const currentLabel = THEME_LABELS[theme];
  const TriggerIcon = resolvedTheme === 'dark' ? Moon : Sun;

  return (
    <DeferredPopup
      preload={() => loadThemeMenu().catch(() => undefined)}
      openKeys={MENU_OPEN_KEYS}
      trigger={(standIn) => (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Toggle theme"
            aria-describedby={currentId}
            aria-haspopup="menu"
            aria-expanded={false}
            title={`Theme: ${currentLabel}`}
            {...standIn}
          >
            <TriggerIcon aria-hidden="true" />
          </Button>
          <span id={currentId} className="sr-only">
            Current theme: {currentLabel}
          </span>
        </>
      )}
    >
      <ThemeMenu defaultOpen />
    </DeferredPopup>
  );
}
