import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Label({ className, htmlFor, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor (FormField ties it to the control's id).
    <label htmlFor={htmlFor} className={cn('text-sm font-medium text-foreground', className)} {...props} />
  );
}
