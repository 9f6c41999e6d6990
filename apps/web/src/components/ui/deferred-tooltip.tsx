import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { TOOLTIP_DELAY_MS } from '../../lib/constants.ts';

type TooltipModule = typeof import('./tooltip.tsx');

/** Radix's tooltip and floating-ui (about 14 KB gzip), fetched once for the whole app, on first use. */
let tooltipModule: TooltipModule | null = null;
let loading: Promise<TooltipModule> | null = null;

function loadTooltip(): Promise<TooltipModule> {
  loading ??= import('./tooltip.tsx').then(
    (module) => {
      tooltipModule = module;
      return module;
    },
    (error: unknown) => {
      // A failed download (offline) is tried again on the next hover or focus.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The handlers the stand-in adds to the trigger; the trigger's own ones still run. */
type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * A tooltip (components/ui/tooltip.tsx, 700 ms delay) whose Radix code loads when its trigger is first pointed at
 * or focused, so that pages showing many locked or hinted buttons do not load it with their first screen
 * (ADR 046). Until then the trigger renders alone; once the code is there and the pointer has rested for the
 * tooltip's delay (or the trigger has focus), the real tooltip takes its place, already open, and a focused
 * trigger keeps focus. Once loaded, every later tooltip mounts as the real one at once. The trigger must convey
 * the tooltip's text by itself too (e.g. `aria-describedby`), as it does before the code arrives.
 */
export function DeferredTooltip({
  content,
  children,
}: {
  /** The tooltip's text; `null` shows none (the structure stays, so the trigger is never remounted). */
  content: ReactNode;
  children: ReactElement<TriggerProps>;
}) {
  const [real, setReal] = useState<{ isOpen: boolean; isFocused: boolean } | null>(() =>
    tooltipModule ? { isOpen: false, isFocused: false } : null,
  );
  const triggerRef = useRef<HTMLButtonElement>(null);
  const standIn = useRef<{
    element: HTMLElement | null;
    isPointerOver: boolean;
    hasRested: boolean;
    /** Pressed since the pointer came: the person is using the button, not asking what it does. */
    isPressed: boolean;
    timer?: number;
  }>({ element: null, isPointerOver: false, hasRested: false, isPressed: false });

  useEffect(() => () => window.clearTimeout(standIn.current.timer), []);

  // The stand-in had focus: the real trigger replacing it takes it back.
  const isFocusOwed = real?.isFocused ?? false;
  useEffect(() => {
    if (isFocusOwed && document.activeElement !== triggerRef.current) triggerRef.current?.focus();
  }, [isFocusOwed]);

  if (real && tooltipModule) {
    const { Tooltip, TooltipContent, TooltipTrigger } = tooltipModule;
    return (
      <Tooltip defaultOpen={real.isOpen && content != null}>
        <TooltipTrigger asChild ref={triggerRef}>
          {children}
        </TooltipTrigger>
        {content != null ? <TooltipContent>{content}</TooltipContent> : null}
      </Tooltip>
    );
  }

  const showIfStillWanted = () => {
    const element = standIn.current.element;
    // Swapping in the real trigger between a press and its release would lose the click; like Radix's own
    // tooltip, a press hides the tooltip anyway.
    if (!tooltipModule || !element?.isConnected || standIn.current.isPressed) return;
    if (document.activeElement === element) setReal({ isOpen: true, isFocused: true });
    // Like Radix: the pointer counts as resting until the trigger reports it left.
    else if (standIn.current.hasRested && standIn.current.isPointerOver)
      setReal({ isOpen: true, isFocused: false });
  };
  const { onPointerEnter, onPointerDown, onPointerLeave, onFocus } = children.props;
  return cloneElement(children, {
    onPointerEnter: (event) => {
      onPointerEnter?.(event);
      // Radix opens tooltips for a mouse or pen, not for touch.
      if (content == null || event.pointerType === 'touch') return;
      standIn.current.element = event.currentTarget;
      standIn.current.isPointerOver = true;
      window.clearTimeout(standIn.current.timer);
      standIn.current.timer = window.setTimeout(() => {
        standIn.current.hasRested = true;
        showIfStillWanted();
      }, TOOLTIP_DELAY_MS);
      loadTooltip().then(showIfStillWanted, () => undefined);
    },
    onPointerDown: (event) => {
      onPointerDown?.(event);
      window.clearTimeout(standIn.current.timer);
      standIn.current.isPressed = true;
    },
    onPointerLeave: (event) => {
      onPointerLeave?.(event);
      window.clearTimeout(standIn.current.timer);
      standIn.current.isPointerOver = false;
      standIn.current.hasRested = false;
      standIn.current.isPressed = false;
    },
    onFocus: (event) => {
      onFocus?.(event);
      if (content == null) return;
      standIn.current.element = event.currentTarget;
      loadTooltip().then(showIfStillWanted, () => undefined);
    },
  });
}
