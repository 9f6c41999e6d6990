import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

/** The app's own scripts (the entry and its chunks); `/first-paint.js` is not among them. */
const APP_SCRIPTS = /\/assets\/.+\.js$/;

// The installed app is what these tests are about: its service worker registers, as in people's browsers.
test.use({ serviceWorkers: 'allow' });

test.describe("the dashboard's first screen as HTML (ADR 051)", () => {
  // Playwright's routes do not see what a service worker answers: with one installed, some of the app's scripts
  // would come from its cache and the rest empty from the route below.
  test.use({ serviceWorkers: 'block' });

  test('arrives drawn before any of the app has run, gives way to the app, and leaves out a dismissed welcome card @mobile', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request, 'Grace Hopper');
    await signInAs(page, user);
    await expect(page.getByRole('region', { name: 'Welcome to Daybook' })).toBeVisible();

    // With its scripts the app takes the server's first screen over: the same greeting, working, and a welcome
    // card that, once dismissed, stays away.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeVisible();
    await expect(page.locator('main [inert]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Dismiss welcome card' }).click();
    await expect(page.getByRole('region', { name: 'Welcome to Daybook' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Welcome to Daybook' })).toHaveCount(0);
    await expectAccessible();

    // With the app's scripts answered empty, the page is what the server drew: the greeting and the welcome
    // card, painted but inert. This comes last: once a page has seen the empty answers, the browser's memory
    // cache may hand one back after the route is gone.
    await page.route(APP_SCRIPTS, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.evaluate(() => window.localStorage.removeItem('welcome_card_dismissed'));
    await page.reload();
    const firstScreen = page.locator('main [inert]');
    await expect(firstScreen.locator('h1')).toHaveText('Welcome, Grace');
    const serverCard = firstScreen.locator('[data-first-screen-welcome-card]');
    await expect(serverCard).toBeVisible();
    await expect(serverCard).toContainText("You're on Free");

    // A card this browser dismissed is never painted, though the server (which cannot know) drew it.
    await page.evaluate(() => window.localStorage.setItem('welcome_card_dismissed', 'true'));
    await page.reload();
    await expect(firstScreen.locator('h1')).toHaveText('Welcome, Grace');
    await expect(serverCard).toBeAttached();
    await expect(serverCard).toBeHidden();
  });
});

test('a dashboard opened by address, whose scripts wait for its first paint, still installs the service worker (ADR 051)', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, 'Katherine Johnson');
  await signInAs(page, user);
  await page.goto('/dashboard');
  // The app has taken the server's screen over: its scripts, held in a template, ran after the page's load event.
  await expect(page.locator('main [inert]')).toHaveCount(0);
  await expect(page.locator('template#daybook-app-scripts')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Katherine' })).toBeVisible();
  // The worker is registered all the same.
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
});
