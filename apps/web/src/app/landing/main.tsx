import { scrollToHashTarget } from '../../lib/hash-scroll.ts';
import { FRAME_ISLANDS } from '../prerendered/frame-islands.tsx';
import { type IslandMount, mountIslands, renderIsland } from '../prerendered/mount-islands.tsx';
import '../../styles.css';

/*
 * The landing page's own entry (landing.html, ADR 045): the page arrives as HTML prerendered at build time, and
 * only its islands are rendered live here, each in its own root over its prerendered markup. They are rendered,
 * not hydrated: the theme and cached prices come from this browser's storage, which the build could not know.
 */

/** Starts loading a little before the section scrolls into view. */
const NEAR_VIEW_MARGIN = '0px 0px 200px 0px';

/** The section the address points at (`/#pricing`), if any. */
function hashTarget(): HTMLElement | null {
  const id = decodeURIComponent(window.location.hash.slice(1));
  return id ? document.getElementById(id) : null;
}

/** The plan chooser brings the API client, zod and TanStack Query: it loads as its section nears the view. */
const mountPricing: IslandMount = (element, name) => {
  const renderPricing = () =>
    void import('./pricing-island.tsx').then(({ PricingIsland }) =>
      renderIsland(<PricingIsland />)(element, name),
    );
  // Opened at the prices (/#pricing, the header's "Pricing"): they are what the visitor came for.
  if (hashTarget()?.contains(element)) {
    renderPricing();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      renderPricing();
    },
    { rootMargin: NEAR_VIEW_MARGIN },
  );
  // The island's own element takes no box (display: contents): watch what it wraps.
  observer.observe(element.firstElementChild ?? element);
};

mountIslands({ ...FRAME_ISLANDS, pricing: mountPricing }, 'landing.html');

// A link to a section (/#pricing, "See Features") lands it just below the sticky header, as the app does; on
// opening, once the browser has made its own jump to the section, at load.
const scrollToSection = () => {
  if (window.location.hash) scrollToHashTarget(window.location.hash);
};
if (document.readyState === 'complete') scrollToSection();
else window.addEventListener('load', scrollToSection, { once: true });
window.addEventListener('hashchange', scrollToSection);
