import { HASH_SCROLL } from './constants.ts';
import { prefersReducedMotion } from './motion.ts';

/** Where to scroll so a section lands just below a fixed header (spec: header height + 32). */
export function hashScrollTop(sectionTopInDocument: number, headerHeight: number): number {
  return Math.max(0, sectionTopInDocument - headerHeight - HASH_SCROLL.extraOffsetPx);
}

/** The sticky header's element id; its height is the scroll offset for hash targets. */
export const SITE_HEADER_ID = 'site-header';

function headerHeight(): number {
  return document.getElementById(SITE_HEADER_ID)?.offsetHeight ?? 0;
}

/**
 * Scrolls a section into view below the sticky header. Lazy pages render their sections a moment
 * after the URL changes, so the target is looked up again every 250 ms, up to 8 times (docs/product/shell.md#shell-landing).
 * Returns a function that stops any pending retry.
 */
export function scrollToHashTarget(hash: string): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  let retriesLeft: number = HASH_SCROLL.retries;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const attempt = () => {
    const target = id ? document.getElementById(id) : null;
    if (target) {
      const top = hashScrollTop(target.getBoundingClientRect().top + window.scrollY, headerHeight());
      window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      // Move keyboard focus along with the view, without a second jump.
      if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      return;
    }
    if (retriesLeft > 0) {
      retriesLeft -= 1;
      timer = setTimeout(attempt, HASH_SCROLL.intervalMs);
    }
  };

  attempt();
  return () => clearTimeout(timer);
}
