import { z } from 'zod';
import { Profile } from './account.ts';
import { SessionUser } from './auth.ts';
import { SubscriptionStatus } from './billing.ts';

/** The id of the `<script type="application/json">` element that carries the bootstrap in the app's page. */
export const APP_BOOTSTRAP_ELEMENT_ID = 'daybook-bootstrap';

/**
 * What the server already knows when it sends a signed-in browser the app's page (ADR 050): the answers the app
 * would otherwise have to ask for, one after another, before it can draw the first screen — `GET
 * /api/auth/session`, `GET /api/me` and `GET /api/billing/subscription` — in the same shapes. A visitor's page
 * carries none.
 */
export const AppBootstrap = z
  .object({ user: SessionUser, profile: Profile, subscription: SubscriptionStatus })
  .meta({ id: 'AppBootstrap' });
export type AppBootstrap = z.infer<typeof AppBootstrap>;

/**
 * The dashboard's first screen as HTML (ADR 051): the build renders it from the app's components with these
 * slots in it (`.vite/first-screens.json`), and the server fills them for a signed-in browser and puts it where
 * index.html's prerendered shell marks its page.
 */
export const FIRST_SCREEN_SLOTS = {
  /** In the shell's empty <main>: where the page goes. */
  page: '<!--first-screen-->',
  /** The greeting (text, escaped by the server). */
  greeting: '%%first-screen-greeting%%',
  /** The journal column's first content: the welcome card, when the plan allows it. */
  content: '%%first-screen-content%%',
} as const;
