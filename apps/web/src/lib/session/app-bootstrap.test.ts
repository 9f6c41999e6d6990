import { APP_BOOTSTRAP_ELEMENT_ID, type AppBootstrap } from '@daybook/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { FREE_SUBSCRIPTION_STATUS } from '../billing.ts';
import { PROFILE_QUERY_KEY } from '../profile.ts';
import { billingKeys } from '../query-keys.ts';
import { seedFromAppBootstrap } from './app-bootstrap.ts';
import { SESSION_QUERY_KEY } from './session-state.ts';

const bootstrap: AppBootstrap = {
  user: {
    id: 'u1',
    email: 'ada@example.com',
    fullName: 'Ada </script>',
    avatarUrl: null,
    role: 'user',
    timezone: 'Europe/London',
    emailVerified: true,
  },
  profile: {
    id: 'u1',
    email: 'ada@example.com',
    fullName: 'Ada </script>',
    avatarUrl: null,
    timezone: 'Europe/London',
    role: 'user',
    emailVerified: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    plan: { id: 'free', name: 'Free' },
    subscriptionIntent: null,
    billingCyclePreference: 'month',
    hasEntries: true,
    isPrivateMode: false,
    isPrivateModeChosen: false,
  },
  subscription: FREE_SUBSCRIPTION_STATUS,
};

/** A page as the server sends it: the bootstrap in its script element (escaped as the server escapes it). */
function pageWith(text: string): Document {
  const page = document.implementation.createHTMLDocument('app');
  const element = page.createElement('script');
  element.type = 'application/json';
  element.id = APP_BOOTSTRAP_ELEMENT_ID;
  element.textContent = text;
  page.body.append(element);
  return page;
}

describe('seedFromAppBootstrap', () => {
  it('takes the session, profile and plan into the cache as fresh answers, and reads them once', () => {
    const client = new QueryClient();
    const page = pageWith(JSON.stringify(bootstrap).replace(/</g, '\\u003c'));
    seedFromAppBootstrap(client, page);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({ user: bootstrap.user });
    expect(client.getQueryData(PROFILE_QUERY_KEY)).toEqual(bootstrap.profile);
    expect(client.getQueryData(billingKeys.subscription())).toEqual(bootstrap.subscription);
    expect(client.getQueryState(PROFILE_QUERY_KEY)?.dataUpdatedAt).toBeGreaterThan(Date.now() - 1000);
    expect(page.getElementById(APP_BOOTSTRAP_ELEMENT_ID)).toBeNull();
  });

  it.each([
    ['no element', null],
    ['text that is not JSON', '{"user":'],
    ['an answer of the wrong shape', JSON.stringify({ ...bootstrap, user: { id: 1 } })],
  ])('leaves the app to ask the API itself for %s', (_case, text) => {
    const client = new QueryClient();
    const page = text === null ? document.implementation.createHTMLDocument('app') : pageWith(text);
    seedFromAppBootstrap(client, page);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toBeUndefined();
    expect(client.getQueryData(PROFILE_QUERY_KEY)).toBeUndefined();
    expect(page.getElementById(APP_BOOTSTRAP_ELEMENT_ID)).toBeNull();
  });
});
