import { type ReactNode, useEffect, useRef, useState } from 'react';

/** How far below the screen a part starts to load: about a phone's screen, so it is there when scrolled to. */
const NEAR_SCREEN_MARGIN = '0px 0px 800px 0px';

type WhenNearScreenProps = {
  children: ReactNode;
  /** Holds the part's place (its skeleton) until then. */
  placeholder: ReactNode;
  className?: string;
  /** False while what comes before it is still loading: its place has not yet moved to where it will be. */
  isPlaceSettled?: boolean;
};

/**
 * Whether the element under `ref` has come near the screen (within about a phone's screen below it), once and for
 * good. `isWatching` false holds the watch until the element's place has settled. A browser without
 * IntersectionObserver answers true at once.
 */
export function useIsNearScreen<T extends Element>(isWatching = true) {
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useRef<T>(null);
  useEffect(() => {
    const place = ref.current;
    if (isNear || !isWatching || !place) return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((record) => record.isIntersecting)) setIsNear(true);
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(place);
    return () => observer.disconnect();
  }, [isNear, isWatching]);
  return { ref, isNear };
}

/**
 * Renders `children` once their place nears the screen. For parts far below the first screen: their code, their
 * requests and their render stay out of the page's first seconds (ADR 051).
 */
export function WhenNearScreen({
  children,
  placeholder,
  className,
  isPlaceSettled = true,
}: WhenNearScreenProps) {
  const { ref, isNear } = useIsNearScreen<HTMLDivElement>(isPlaceSettled);
  if (isNear) return children;
  return (
    <div ref={ref} className={className}>
      {placeholder}
    </div>
  );
}
