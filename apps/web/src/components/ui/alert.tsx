import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const alertVariants = cva('flex gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4', {
  variants: {
    variant: {
      info: 'border-border bg-muted/60 text-foreground [&>svg]:text-muted-foreground',
      success: 'border-primary/40 bg-tint text-tint-foreground',
      warning: 'border-highlight-foreground/30 bg-highlight text-highlight-foreground',
      error: 'border-destructive/40 bg-destructive/10 text-foreground [&>svg]:text-destructive',
    },
  },
  defaultVariants: { variant: 'info' },
});

const ICONS = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert } as const;

type AlertProps = ComponentProps<'div'> & VariantProps<typeof alertVariants>;

/**
 * A message inside the page. Give it `role="alert"` when it appears in answer to an action
 * and must be announced; a plain status needs `role="status"`.
 */
export function Alert({ className, variant, children, ...props }: AlertProps) {
  const Icon = ICONS[variant ?? 'info'];
  return (
    <div className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon aria-hidden="true" className="shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">{children}</div>
    </div>
  );
}
