import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useTheme } from './theme-context.ts';
import { THEME_LABELS } from './theme-labels.ts';
import type { Theme } from './theme-storage.ts';

const CHOICES: ReadonlyArray<{ value: Theme; label: string; Icon: typeof Sun }> = [
  { value: 'light', label: THEME_LABELS.light, Icon: Sun },
  { value: 'dark', label: THEME_LABELS.dark, Icon: Moon },
  { value: 'system', label: THEME_LABELS.system, Icon: Monitor },
];

/** The theme menu itself; loaded on first use by `ThemeToggle` (ADR 020). */
export function ThemeMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { theme, resolvedTheme, setTheme } = useTheme();
  const currentId = useId();
  const currentLabel = CHOICES.find((choice) => choice.value === theme)?.label ?? 'System';
  const TriggerIcon = resolvedTheme === 'dark' ? Moon : Sun;

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Toggle theme"
          aria-describedby={currentId}
          title={`Theme: ${currentLabel}`}
        >
          <TriggerIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <span id={currentId} className="sr-only">
        Current theme: {currentLabel}
      </span>
      <DropdownMenuContent>
        {CHOICES.map(({ value, label, Icon }) => (
          <DropdownMenuItem key={value} onSelect={() => setTheme(value)}>
            <Icon aria-hidden="true" />
            <span className="flex-1">{label}</span>
            {value === theme ? <Check aria-hidden="true" className="text-primary" /> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
