import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { createVerifiedUser, mailTo, signInAs } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { lookAt } from '../support/layout.ts';

/*
 * Passkeys end to end (ADR 080): chromium's virtual authenticator (CDP's WebAuthn domain) adds a
 * passkey from the profile; its credential, exported, is put in a fresh browser context's own authenticator, which
 * signs in with it from /login, no password typed.
 *
 * WebAuthn takes no IP address as its relying party, so these pages open on `localhost` (same server, same port):
 * outside production the relying party of a loopback APP_URL is `localhost` (ADR 080).
 */

/** A virtual platform authenticator with user verification, as a laptop's fingerprint reader would be. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** A page whose console errors and uncaught exceptions fail the test, as the fixtures' own page does. */
async function watchedPage(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (message) => {
    const isExpectedClientError =
      /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
    if (message.type() === 'error' && !isExpectedClientError) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}

test('add a passkey in the profile, then sign in with it in a fresh browser', async ({
  browser,
  expectAccessible,
}, testInfo) => {
  // Two browser contexts, axe and screenshots on a shared two-core machine.
  test.setTimeout(90_000);
  const address = new URL(testInfo.project.use.baseURL!);
  address.hostname = 'localhost';
  const baseURL = address.origin;
  const errors: string[] = [];

  const first = await browser.newContext({ baseURL });
  const fresh = await browser.newContext({ baseURL });
  try {
    const page = await watchedPage(first, errors);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const user = await createVerifiedUser(page.request);
    await signInAs(page, user, '/profile#passkeys');

    const card = page.locator('section#passkeys');
    await expect(card.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
    await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
    await card.getByLabel('Name of the new passkey').fill('Work laptop');
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const listed = card.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
    await expect(listed).toHaveCount(1);
    await expect(listed.first()).toContainText('Work laptop');
    await expect(listed.first()).toContainText('Not used yet');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectAccessible(page);
      await lookAt(card, testInfo.outputPath(`passkeys-card-${colorScheme}.png`));
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await mailTo(page.request, user.email, /A passkey was added to your Daybook account/);

    // The passkey the authenticator made (a resident key), exported for the other browser.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    // A fresh browser, signed out, whose authenticator holds that passkey: no e-mail, no password, no code.
    const other = await watchedPage(fresh, errors);
    const second = await virtualAuthenticator(other);
    await second.cdp.send('WebAuthn.addCredential', {
      authenticatorId: second.authenticatorId,
      credential: credentials[0]!,
    });
    await other.goto('/login');
    await expect(other.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
    await expectAccessible(other);
    await lookAt(other, testInfo.outputPath('login-with-passkey.png'));
    await other.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(other).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

    // The sessions list says this session was signed in with a passkey; the card says when it was last used.
    await other.goto('/profile#sessions');
    const current = other.locator('section#sessions li', { hasText: 'This device' });
    await expect(current.getByText('Passkey', { exact: true })).toBeVisible();
    await expect(other.locator('section#passkeys li', { hasText: 'Work laptop' })).toContainText('Last used');
  } finally {
    await fresh.close();
    await first.close();
  }
  expect(errors, 'console errors on the pages').toEqual([]);
});
