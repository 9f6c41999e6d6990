import { createHmac } from 'node:crypto';
import { AUTH_MESSAGES, base32Decode, TWO_FACTOR_MESSAGES } from '@daybook/shared';
import { createVerifiedUser, mailTo, signInAs } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { lookAt } from '../support/layout.ts';

/*
 * Two-step sign-in end to end (ADR 075): turned on from the profile with a code computed here as an
 * authenticator app computes it (RFC 6238), then a sign-in in a fresh browser context asks for a code after the
 * password and lands signed in.
 */

/** RFC 6238: HMAC-SHA1 over the 30-second step, truncated to 6 digits. */
function totp(secret: Uint8Array, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
const stepNow = () => Math.floor(Date.now() / 30_000);

test('turn on two-step sign-in from the profile, then sign in again with a code', async ({
  page,
  browser,
  expectAccessible,
}, testInfo) => {
  // Two sign-ins, axe twice, screenshots and a second browser on a shared two-core machine.
  test.setTimeout(90_000);
  const user = await createVerifiedUser(page.request);
  await signInAs(page, user, '/profile#two-step');

  const card = page.locator('section#two-step');
  await expect(card.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await card.getByLabel('Your password').fill(user.password);
  await card.getByRole('button', { name: 'Continue' }).click();

  // The QR code (its encoder loaded only now) and the key as text.
  await expect(card.getByRole('img', { name: /QR code to add Daybook/ })).toBeVisible();
  const key = (await card.locator('code').textContent())!;
  const secret = base32Decode(key)!;
  expect(secret).toHaveLength(20);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible();
    await lookAt(page, testInfo.outputPath(`two-step-setup-${colorScheme}.png`));
  }
  await page.emulateMedia({ colorScheme: 'light' });

  const confirmingStep = stepNow();
  await card.getByLabel('6-digit code').fill(totp(secret, confirmingStep));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(card.getByRole('button', { name: 'Download as .txt' })).toBeVisible();
  await card.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(card.getByText(/Two-step sign-in is on since .* 10 recovery codes left/)).toBeVisible();
  await mailTo(page.request, user.email, /Two-step sign-in is on/);

  // A fresh browser: the password alone does not sign in; the code does.
  const fresh = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const other = await fresh.newPage();
    await other.goto('/login');
    await other.getByLabel('Email').fill(user.email);
    await other.getByLabel('Password').fill(user.password);
    await other.getByRole('button', { name: 'Log In' }).click();
    await expect(other.getByText(TWO_FACTOR_MESSAGES.codePrompt)).toBeVisible();
    expect((await other.request.get('/api/auth/session')).ok()).toBe(true);
    expect(await (await other.request.get('/api/auth/session')).json()).toEqual({ user: null });

    // The confirming code's step is used up: the next step's code (accepted one step either side) signs in.
    await other.getByLabel('6-digit code').fill(totp(secret, Math.max(stepNow(), confirmingStep + 1)));
    await other.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(other).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

    // The profile's sessions list says this session passed a second step.
    await other.goto('/profile#sessions');
    const current = other.locator('section#sessions li', { hasText: 'This device' });
    await expect(current.getByText('Two-step sign-in')).toBeVisible();

    // Signed out from the first browser's sessions list, this one is told live: no reload, no click here.
    // The first browser is on /profile already: a reload (not a change of hash) asks for the sessions anew.
    await page.reload();
    const fromList = page
      .locator('section#sessions li', { hasText: 'Two-step sign-in' })
      .filter({ hasNotText: 'This device' });
    await fromList.getByRole('button', { name: /^Sign out / }).click();
    await expect(page.getByText('Session signed out')).toBeVisible();
    await expect(other.getByText(AUTH_MESSAGES.sessionExpired)).toBeVisible();
    await expect(other).toHaveURL(/\/login/);
  } finally {
    await fresh.close();
  }
});
