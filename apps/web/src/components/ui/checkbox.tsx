import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A native checkbox in the accent colour: keyboard, forms and screen readers work unaided. */
export function Checkbox({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-4.5 shrink-0 cursor-pointer rounded border-input accent-primary disabled:cursor-not-allowed aria-invalid:outline-2 aria-invalid:outline-destructive',
        className,
      )}
      {...props}
    />
  );
}
