import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

type SwitchProps = Omit<ComponentProps<'button'>, 'onChange' | 'value'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off toggle: a button with the ARIA switch role (announced as "switch, on/off"), so a `<label htmlFor>`
 * names it and clicking the label flips it, with no extra dependency. Space and Enter toggle it as any button.
 */
export function Switch({ checked, onCheckedChange, className, onClick, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange(!checked);
      }}
      className={cn(
        'inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'pointer-events-none block size-5 rounded-full shadow-sm motion-safe:transition-transform',
          // The thumb keeps its contrast against the track in both themes.
          checked ? 'translate-x-5 bg-primary-foreground' : 'translate-x-0 bg-card dark:bg-muted-foreground',
        )}
      />
    </button>
  );
}
