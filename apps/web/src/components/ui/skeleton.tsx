import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A placeholder block; decorative, so screen readers skip it (announce loading on the container). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('rounded-md bg-muted motion-safe:animate-pulse', className)}
      {...props}
    />
  );
}
