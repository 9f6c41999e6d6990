import { ENTRY_LIMITS } from '@daybook/shared';
import { type FocusEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { CARD_LAYER_ATTRIBUTE } from '../components/MoodPicker.tsx';

/** True when focus is (or goes) inside the card, or into a layer of it rendered elsewhere. */
function isCardFocus(card: HTMLElement | null, target: Element | null): boolean {
  if (!target) return false;
  return Boolean(card?.contains(target) || target.closest(`[${CARD_LAYER_ATTRIBUTE}]`));
}

type CardFoldingOptions = {
  /** On its own page the card never folds. */
  isStandalone: boolean;
  initiallyExpanded: boolean;
  cardRef: RefObject<HTMLElement | null>;
  /** The heading takes focus after a save, which must not open the card again. */
  headingRef: RefObject<HTMLElement | null>;
  /** Read when the fold is due: true while the card holds text or a file, or is busy. */
  mustStayOpen: () => boolean;
};

/**
 * docs/product/entries.md#entries-quick-entry: the quick entry card opens on focus and, 300 ms after focus leaves it, folds away unless it must
 * stay open. Focus moving onto the card's own controls, or into its layers rendered elsewhere, is no leaving.
 */
export function useCardFolding({
  isStandalone,
  initiallyExpanded,
  cardRef,
  headingRef,
  mustStayOpen,
}: CardFoldingOptions) {
  const [isExpanded, setIsExpanded] = useState(initiallyExpanded);
  const collapseTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Read by the timer, which would otherwise see the function of the render that set it.
  const stayOpen = useRef(mustStayOpen);
  stayOpen.current = mustStayOpen;

  useEffect(() => () => clearTimeout(collapseTimer.current), []);

  const expand = () => {
    clearTimeout(collapseTimer.current);
    setIsExpanded(true);
  };

  const scheduleCollapse = () => {
    if (isStandalone) return;
    clearTimeout(collapseTimer.current);
    collapseTimer.current = setTimeout(() => {
      if (stayOpen.current()) return;
      if (isCardFocus(cardRef.current, document.activeElement)) return;
      setIsExpanded(false);
    }, ENTRY_LIMITS.blurCollapseMs);
  };

  const onFocus = (event: FocusEvent) => {
    if (event.target !== headingRef.current) expand();
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget instanceof Element ? event.relatedTarget : null;
    // A blur onto the card's own controls, or into its mood picker or attach panel (rendered outside it),
    // is ignored.
    if (isCardFocus(cardRef.current, next)) return;
    scheduleCollapse();
  };

  return { isExpanded, setIsExpanded, expand, scheduleCollapse, onFocus, onBlur };
}
