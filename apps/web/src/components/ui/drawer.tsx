import type { ComponentProps } from 'react';
import { Drawer as DrawerPrimitive } from 'vaul';
import { cn } from '../../lib/cn.ts';

/**
 * A panel that slides in from the left edge, or from the bottom with `direction="bottom"`
 * (vaul: swipe to close on touch screens). Give its `DrawerContent` the same `side`.
 */
export function Drawer(props: ComponentProps<typeof DrawerPrimitive.Root>) {
  return <DrawerPrimitive.Root direction="left" {...props} />;
}

const SIDE_CLASS = {
  left: 'inset-y-0 left-0 w-[85vw] max-w-xs border-r',
  bottom: 'inset-x-0 bottom-0 max-h-[85dvh] rounded-t-card border-t pb-[env(safe-area-inset-bottom)]',
} as const;

export const DrawerTrigger = DrawerPrimitive.Trigger;
export const DrawerClose = DrawerPrimitive.Close;

export function DrawerContent({
  className,
  children,
  side = 'left',
  ...props
}: ComponentProps<typeof DrawerPrimitive.Content> & { side?: keyof typeof SIDE_CLASS }) {
  return (
    <DrawerPrimitive.Portal>
      <DrawerPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DrawerPrimitive.Content
        className={cn(
          'fixed z-50 flex flex-col overflow-y-auto bg-popover text-popover-foreground shadow-xl outline-none',
          SIDE_CLASS[side],
          className,
        )}
        {...props}
      >
        {side === 'bottom' ? (
          <div aria-hidden="true" className="mx-auto mt-3 h-1.5 w-12 shrink-0 rounded-full bg-muted" />
        ) : null}
        {children}
      </DrawerPrimitive.Content>
    </DrawerPrimitive.Portal>
  );
}

export function DrawerTitle({ className, ...props }: ComponentProps<typeof DrawerPrimitive.Title>) {
  return <DrawerPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DrawerDescription({
  className,
  ...props
}: ComponentProps<typeof DrawerPrimitive.Description>) {
  return (
    <DrawerPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
