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
 * Renders `children` once their place nears the screen. For parts far below the first screen: their code, their
 * requests and their render stay out of the page's first seconds (ADR 051). A browser without
 * IntersectionObserver renders them at once.
 */
export function WhenNearScreen({
  children,
  placeholder,
  className,
  isPlaceSettled = true,
}: WhenNearScreenProps) {
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const place = placeRef.current;
    if (isNear || !isPlaceSettled || !place) return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((record) => record.isIntersecting)) setIsNear(true);
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(place);
    return () => observer.disconnect();
  }, [isNear, isPlaceSettled]);
  if (isNear) return children;
  return (
    <div ref={placeRef} className={className}>
      {placeholder}
    </div>
  );
}
