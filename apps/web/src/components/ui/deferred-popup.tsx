import { type KeyboardEvent, type ReactNode, Suspense, useState } from 'react';

/** What the stand-in trigger spreads on its button. */
export type StandInTriggerProps = {
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
};

/**
 * A menu, dialog or drawer whose code (Radix, vaul and what they bring) loads on first use rather than with
 * every page (ADR 020). Until then `trigger` renders a look-alike button; pointing at it or focusing it starts
 * the download, pressing it renders `children` — the real popup, given `defaultOpen` so it opens at once —
 * with the stand-in shown meanwhile. From then on the real trigger is in place.
 */
export function DeferredPopup({
  preload,
  trigger,
  children,
  openKeys = [],
  isRequested = false,
}: {
  /** Starts loading the popup's module; calling it again is harmless (the browser keeps the module). */
  preload: () => unknown;
  /** Keys that open the real trigger on key down (a Radix menu: Enter, Space, ArrowDown); a click always does. */
  openKeys?: readonly string[];
  trigger: (props: StandInTriggerProps) => ReactNode;
  children: ReactNode;
  /** Asked for from outside (e.g. a link that opens a bell): rendered as if the trigger had been pressed. */
  isRequested?: boolean;
}) {
  const [isWanted, setIsWanted] = useState(false);
  if (isWanted || isRequested) return <Suspense fallback={trigger({})}>{children}</Suspense>;
  return trigger({
    onClick: () => setIsWanted(true),
    onPointerEnter: preload,
    onFocus: preload,
    onKeyDown: (event) => {
      if (!openKeys.includes(event.key)) return;
      event.preventDefault();
      setIsWanted(true);
    },
  });
}
