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
