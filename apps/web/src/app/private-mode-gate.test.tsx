import { randomKeyBytes } from '@daybook/shared';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rememberRegistrationChoice } from '../lib/private-keys/registration-choice.ts';
import { forgetAccountKeys, keepAccountKey } from '../lib/private-keys/session-key.ts';
import { callsTo, json, profile, sessionUser, signedInHandlers, stubApi } from '../test/api.ts';
import { renderRoutes } from '../test/render.tsx';
import { routes } from './router.tsx';

/*
 * Private mode in the signed-in shell (ADR 095): the unlock card above the page while the account's key is locked
 * in this browser session, nothing for a standard account or once unlocked, and the set-up before the dashboard
 * for a person who chose private mode on the register page.
 */

const NOT_SET_UP = { isSetUp: false, setUpAt: null, passphraseChangedAt: null, recoveryKeyChangedAt: null };

function serve(isPrivateMode: boolean, { isPrivateModeChosen = false } = {}) {
  return stubApi({
    ...signedInHandlers(),
    'GET /api/me': json({ ...profile, isPrivateMode, isPrivateModeChosen }),
    'GET /api/me/private-mode': json(NOT_SET_UP),
    'DELETE /api/me/private-mode-choice': () => new Response(null, { status: 204 }),
  });
}

const open = (path: string) => renderRoutes(createMemoryRouter(routes, { initialEntries: [path] }));
const lockedHeading = () => screen.queryByRole('heading', { name: 'Your journal is locked' });

afterEach(() => forgetAccountKeys());

// The card and the set-up page load on first use (React.lazy); importing them once here keeps that first transform
// of private mode's screens, on a busy machine, out of the tests' waiting time (as entry-share.test.tsx does).
beforeAll(async () => {
  await Promise.all([
    import('../features/private-mode/components/UnlockCard.tsx'),
    import('../features/private-mode/pages/SetUpPrivateModePage.tsx'),
  ]);
}, 60_000);

describe('the signed-in shell and private mode', () => {
  it('shows the unlock card above the dashboard while the key is locked here', async () => {
    serve(true);
    open('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Your journal is locked' })).toBeTruthy();
    expect(screen.getByLabelText('Passphrase')).toBeTruthy();
    // Not blocking: the journal is there beneath it.
    expect(await screen.findByRole('textbox', { name: "What's on your mind?" })).toBeTruthy();
  });

  it('shows nothing for a standard account, nor once this session holds the key', async () => {
    serve(false);
    const first = open('/dashboard');
    await screen.findByRole('textbox', { name: "What's on your mind?" });
    expect(lockedHeading()).toBeNull();
    first.unmount();

    keepAccountKey(sessionUser.id, randomKeyBytes());
    serve(true);
    open('/dashboard');
    await screen.findByRole('textbox', { name: "What's on your mind?" });
    expect(lockedHeading()).toBeNull();
  });

  it('sends a person who chose private mode at registration to set it up before the dashboard', async () => {
    rememberRegistrationChoice(true);
    serve(false);
    const { router } = open('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up private mode' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/private-mode/set-up');
    expect(screen.getByLabelText('Your sign-in password')).toBeTruthy();
  });

  it('lets "Not now" keep the journal standard and go on to the dashboard', async () => {
    rememberRegistrationChoice(true);
    serve(false);
    const { router } = open('/private-mode/set-up');
    (await screen.findByRole('button', { name: 'Not now: keep my journal standard' })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await screen.findByRole('textbox', { name: "What's on your mind?" });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends them to set it up in another browser too, the choice being kept with the account; "Not now" tells the server', async () => {
    const fetchMock = serve(false, { isPrivateModeChosen: true });
    const { router } = open('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up private mode' })).toBeTruthy();
    (await screen.findByRole('button', { name: 'Not now: keep my journal standard' })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await screen.findByRole('textbox', { name: "What's on your mind?" });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(callsTo(fetchMock, 'DELETE /api/me/private-mode-choice')).toHaveLength(1);
  });
});
