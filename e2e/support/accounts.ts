import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/** Registers through the API and confirms through the e-mailed link: a verified user, signed out. */
export async function createVerifiedUser(request: APIRequestContext, fullName = 'Ada Lovelace') {
  const email = newEmail();
  const response = await request.post('/api/auth/register', {
    data: { fullName, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  expect(response.status()).toBe(201);
  const mail = await mailTo(request, email, /Confirm your e-mail/);
  const verify = await request.get(pathOf(mail.links[0]!), { maxRedirects: 0 });
  expect(verify.status()).toBe(302);
  await request.post('/api/auth/sign-out');
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
