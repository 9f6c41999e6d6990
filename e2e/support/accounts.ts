import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { confirmAddress } from './database.ts';

export const PASSWORD = 'Quiet-River-42';

export const newEmail = (label = 'e2e') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

type MailMessage = { to: string; subject: string; links: string[] };

/** Waits for a message to arrive in the local mailbox (the outbox job delivers every few seconds). */
export async function mailTo(
  request: APIRequestContext,
  address: string,
  subject: RegExp,
): Promise<MailMessage> {
  let found: MailMessage | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get('/api/dev/mail')).json()) as {
          messages: MailMessage[];
        };
        found = messages.find((m) => m.to.includes(address) && subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/** A relative path from an absolute link in an e-mail, so it opens on the test server. */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/**
 * A verified user, signed out: registered through the API, then confirmed the way an operator would
 * (support/database.ts, `confirmAddress`), not through the e-mailed link, so no test waits on the mailbox
 * unless the mail is what it tests (accounts.spec.ts covers registration through the link).
 */
export async function createVerifiedUser(request: APIRequestContext, fullName = 'Ada Lovelace') {
  const email = newEmail();
  const response = await request.post('/api/auth/register', {
    data: { fullName, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  expect(response.status()).toBe(201);
  await confirmAddress(email);
  return { email, password: PASSWORD, fullName };
}

/** Signs in through the page's own cookie jar, then opens `path`. */
export async function signInAs(page: Page, user: { email: string; password: string }, path = '/dashboard') {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: user.email, password: user.password },
  });
  expect(response.status()).toBe(200);
  await page.goto(path);
}

/**
 * Fills in and sends the registration form on /register (or `path`, `/register?intent=premium` choosing
 * Premium), and waits for the "Check Your Email" dialog.
 */
export async function registerThroughForm(
  page: Page,
  user: { fullName: string; email: string },
  path = '/register',
) {
  await page.goto(path);
  await page.getByLabel('Full name').fill(user.fullName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check Your Email' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(user.email);
}

/** Signs out through the account menu, as a person would. */
export async function signOutThroughMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
}
