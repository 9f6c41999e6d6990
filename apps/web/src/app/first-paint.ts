/*
 * Runs before the page is drawn: a classic script in the <head> of every page (a file, not inline, because the
 * CSP forbids inline scripts), built on its own from this module by vite.config.ts `appDocument`. It uses the
 * app's own code, so each rule has one home:
 * - the saved theme, so the page never flashes the wrong one;
 * - on the dashboard, whether this browser rules out the welcome card that the server drew into the first screen
 *   from the plan alone (ADR 051): the card is then hidden before it is ever painted (styles.css);
 * - on a page the server drew, the app's scripts, held back until that page is painted (HELD_APP_SCRIPTS_ID).
 */
import { HELD_APP_SCRIPTS_ID, isWelcomeCardAllowedByBrowser } from '@daybook/shared';
import { isReturningFromCheckout, readWelcomeCardFacts } from '../features/billing/welcome-card.ts';
import {
  applyResolvedTheme,
  readStoredTheme,
  resolveTheme,
  systemPrefersDark,
} from '../features/theme/theme-storage.ts';

applyResolvedTheme(resolveTheme(readStoredTheme(), systemPrefersDark()));

if (
  isReturningFromCheckout(window.location.search) ||
  !isWelcomeCardAllowedByBrowser(readWelcomeCardFacts())
) {
  document.documentElement.dataset.welcomeCard = 'hidden';
}

/**
 * The longest stretch of inserting held elements before the browser gets a turn: each one starts a fetch, which
 * costs about a millisecond on a desktop and more on a phone, and the dashboard holds some forty (all at once
 * were one 50 ms task, unthrottled).
 */
const INSERT_SLICE_MS = 4;

/**
 * Puts the held scripts into the head, where they load and run as if the page had named them; once. The entry
 * goes first (it asks for its own imports); the page's module preloads follow, a few per task.
 */
function startHeldApp(held: HTMLTemplateElement) {
  if (!held.isConnected) return;
  held.remove();
  const isScript = (element: Element) => (element.localName === 'script' ? 0 : 1);
  const pending = [...held.content.children].sort((a, b) => isScript(a) - isScript(b));
  const insertSome = () => {
    const started = performance.now();
    while (pending.length > 0 && performance.now() - started < INSERT_SLICE_MS) {
      // Cloned into this document, as a template's content is meant to be used; a clone of a script runs.
      document.head.append(document.importNode(pending.shift() as Element, true));
    }
    if (pending.length > 0) setTimeout(insertSome);
  };
  insertSome();
}

/**
 * Once the page's first contentful paint has been presented (the browser's own paint entry, which comes after
 * the frame is on screen, not merely drawn). A browser without paint timing, or a hidden tab, which draws no
 * frames, gets a timer instead.
 */
function afterFirstContentfulPaint(then: () => void) {
  const FALLBACK_MS = 1_000;
  setTimeout(then, FALLBACK_MS);
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

document.addEventListener(
  'DOMContentLoaded',
  () => {
    const held = document.getElementById(HELD_APP_SCRIPTS_ID);
    if (held instanceof HTMLTemplateElement) afterFirstContentfulPaint(() => startHeldApp(held));
  },
  { once: true },
);
