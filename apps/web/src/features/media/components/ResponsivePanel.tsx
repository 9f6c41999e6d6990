import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Drawer } from 'vaul';
import { cn } from '../../../lib/cn.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { MEDIA_LAYER_ATTRIBUTE } from '../types.ts';

/** docs/product/media.md#media-attach-panel: a bottom drawer under 768 px, a centred dialog to 1279 px, a 540 px side sheet above. */
export const DRAWER_QUERY = '(max-width: 767px)';
export const SHEET_QUERY = '(min-width: 1280px)';

export type PanelLayout = 'drawer' | 'dialog' | 'sheet';

export function usePanelLayout(): PanelLayout {
  const isNarrow = useMediaQuery(DRAWER_QUERY);
  const isWide = useMediaQuery(SHEET_QUERY);
  if (isNarrow) return 'drawer';
  return isWide ? 'sheet' : 'dialog';
}

type ResponsivePanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** Keeps a click or tap outside from closing it (e.g. while recording). */
  isPinned?: boolean;
  /** Extra attribute (empty value) on the panel, see `AttachMediaControlProps.layerAttribute`. */
  layerAttribute?: string | undefined;
  children: ReactNode;
};

const closeButtonClass =
  'absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground';

const LAYOUT_CLASS: Record<Exclude<PanelLayout, 'drawer'>, string> = {
  dialog:
    'top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 rounded-card border motion-safe:data-[state=open]:animate-pop-in',
  sheet:
    'inset-y-0 right-0 h-dvh w-[540px] max-w-full border-l motion-safe:data-[state=open]:animate-fade-in',
};

/** The attach panel's frame, which changes with the window's width; its content stays the same. */
export function ResponsivePanel({
  open,
  onOpenChange,
  title,
  description,
  isPinned = false,
  layerAttribute,
  children,
}: ResponsivePanelProps) {
  const layout = usePanelLayout();
  const layerProps = { [MEDIA_LAYER_ATTRIBUTE]: '', ...(layerAttribute ? { [layerAttribute]: '' } : {}) };
  const keepOpen = (event: Event) => {
    if (isPinned) event.preventDefault();
  };

  if (layout === 'drawer') {
    return (
      <Drawer.Root direction="bottom" open={open} onOpenChange={onOpenChange}>
        <Drawer.Portal>
          <Drawer.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <Drawer.Content
            {...layerProps}
            data-layout="drawer"
            onInteractOutside={keepOpen}
            className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-card border-t bg-popover pb-[env(safe-area-inset-bottom)] text-popover-foreground shadow-xl outline-none"
          >
            <div aria-hidden="true" className="mx-auto mt-3 h-1.5 w-12 shrink-0 rounded-full bg-muted" />
            <div className="relative flex flex-col gap-1 px-4 pt-3 pr-14">
              <Drawer.Title className="text-lg font-semibold">{title}</Drawer.Title>
              <Drawer.Description className="text-sm text-muted-foreground">{description}</Drawer.Description>
              <Drawer.Close className={cn(closeButtonClass, 'top-1')}>
                <X aria-hidden="true" className="size-5" />
                <span className="sr-only">Close</span>
              </Drawer.Close>
            </div>
            <div className="overflow-y-auto px-4 pt-4 pb-6">{children}</div>
          </Drawer.Content>
        </Drawer.Portal>
      </Drawer.Root>
    );
  }

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] motion-safe:data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          {...layerProps}
          data-layout={layout}
          onInteractOutside={keepOpen}
          className={cn(
            'fixed z-50 flex flex-col gap-5 overflow-y-auto bg-popover p-6 text-popover-foreground shadow-xl outline-none',
            LAYOUT_CLASS[layout],
          )}
        >
          <div className="flex flex-col gap-1.5 pr-8">
            <DialogPrimitive.Title className="text-xl font-semibold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Description className="text-sm text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
          </div>
          {children}
          <DialogPrimitive.Close className={closeButtonClass}>
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
