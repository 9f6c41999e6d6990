import { APP_BOOTSTRAP_ELEMENT_ID, AppBootstrap } from '@daybook/shared';
import type { QueryClient } from '@tanstack/react-query';
import { PROFILE_QUERY_KEY } from '../profile.ts';
import { billingKeys } from '../query-keys.ts';
import { setSessionUser } from './session-state.ts';

/**
 * Takes the answers the server carried in the app's page for a signed-in browser (ADR 050) into the query cache,
 * so the first render is the signed-in page itself, not a skeleton waiting on the session, then the profile and
 * the plan. Read once: the element is removed, so nothing later mistakes these answers for fresh ones. A page
 * without it (a visitor, the service worker's copy, a failure on the server) leaves the app to ask as before;
 * so does one that does not parse, which is checked like any answer from the API.
 */
export function seedFromAppBootstrap(client: QueryClient, document: Document = window.document): void {
  const element = document.getElementById(APP_BOOTSTRAP_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let parsed: ReturnType<typeof AppBootstrap.safeParse>;
  try {
    parsed = AppBootstrap.safeParse(JSON.parse(element.textContent ?? ''));
  } catch {
    return;
  }
  if (!parsed.success) return;
  const { user, profile, subscription } = parsed.data;
  setSessionUser(client, user);
  client.setQueryData(PROFILE_QUERY_KEY, profile);
  client.setQueryData(billingKeys.subscription(), subscription);
}
