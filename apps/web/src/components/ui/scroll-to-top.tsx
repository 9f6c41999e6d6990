import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { prefersReducedMotion } from '../../lib/motion.ts';
import { Button } from './button.tsx';

/** How far down the page the button appears by itself. */
const SCROLLED_PX = 400;

function useIsScrolled(): boolean {
  const [isScrolled, setIsScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setIsScrolled(window.scrollY > SCROLLED_PX);
    // Reading scrollY lays the page out; right after a commit that is the whole new page, inside the commit's task
    // (the dashboard's longest, ADR 046). The next frame lays it out anyway, so the first reading waits for it.
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return isScrolled;
}

/** A floating "Scroll to top" button, shown when `isShown` or once the page is scrolled down. */
export function ScrollToTopButton({ isShown = false }: { isShown?: boolean }) {
  const isScrolled = useIsScrolled();
  if (!isShown && !isScrolled) return null;
  return (
    <Button
      size="icon"
      aria-label="Scroll to top"
      title="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })}
      className={cn(
        'fixed right-4 bottom-4 z-40 rounded-full shadow-lg sm:right-6 sm:bottom-6',
        'motion-safe:animate-fade-in',
      )}
    >
      <ArrowUp aria-hidden="true" />
    </Button>
  );
}
