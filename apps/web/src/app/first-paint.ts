/*
 * Runs before the page is drawn: a classic script in the <head> of every page (a file, not inline, because the
 * CSP forbids inline scripts), built on its own from this module by vite.config.ts `appDocument`. It uses the
 * app's own code, so each rule has one home:
 * - the saved theme, so the page never flashes the wrong one;
 * - on the dashboard, whether this browser rules out the welcome card that the server drew into the first screen
 *   from the plan alone (ADR 051): the card is then hidden before it is ever painted (styles.css).
 */
import { isWelcomeCardAllowedByBrowser } from '@daybook/shared';
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
