import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { fieldControlClass } from './input.tsx';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldControlClass, 'min-h-32 resize-y py-2', className)} {...props} />;
}
