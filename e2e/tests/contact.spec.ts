import { storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll, expectSideBySide } from '../support/layout.ts';

test.describe('contact form', () => {
  test('a valid message lands on the thank-you page and is stored', async ({ page }) => {
    const subject = `Hello from e2e ${Date.now()}`;
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Subject').fill(subject);
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Thank you for building a journal that keeps my words private.');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(response.status()).toBe(201);
    const { id } = await response.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page).toHaveURL(/\/contact-thank-you$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const rows = await storedRows('select subject, email from contact_messages where id = $1', [id]);
    expect(rows).toEqual([{ subject, email: 'grace@example.com' }]);
  });

  test('an invalid e-mail shows a field error and sends nothing', async ({ page }) => {
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact') && r.method() === 'POST') posted++;
    });
    await page.goto('/help-contact#contact');
    await expect(page.locator('#contact')).toBeInViewport();
    await page.getByLabel('Name').fill('Grace');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Subject').fill('Hi');
    await page.getByRole('textbox', { name: 'Message' }).fill('A message that is long enough.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(0);
    const rows = await storedRows("select id from contact_messages where email = 'not-an-email'");
    expect(rows).toEqual([]);
    await expect(page).toHaveURL(/help-contact/);
  });

  test('one form on each contact page, beside the help at desktop width and under it on a phone', async ({
    page,
    expectAccessible,
  }) => {
    for (const path of ['/contact', '/help-contact']) {
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(path);
      const form = page.locator('#contact');
      await expect(form).toBeVisible();
      // The one form component, once: one of each field and one button.
      await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(1);
      await expect(page.getByLabel('Email')).toHaveCount(1);
      await expect(page.locator('form')).toHaveCount(1);
      const help =
        path === '/contact'
          ? page.getByRole('navigation', { name: 'The answer may already be here' })
          : page.getByRole('region', { name: 'Common questions' });
      await expect(help).toBeVisible();
      await expectSideBySide(help, form);
      await expectAccessible();

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(form).toBeVisible();
      await expectNoSidewaysScroll(page);
      const [helpBox, formBox] = [await help.boundingBox(), await form.boundingBox()];
      // One column on a phone: /contact puts its form first, /help-contact its questions.
      if (path === '/contact') expect(helpBox!.y).toBeGreaterThan(formBox!.y + formBox!.height - 1);
      else expect(formBox!.y).toBeGreaterThan(helpBox!.y + helpBox!.height - 1);
    }
  });

  test('the API refuses an invalid e-mail with a 400 and a code, storing nothing', async ({ request }) => {
    const response = await request.post('/api/contact', {
      data: {
        name: 'Grace',
        email: 'not-an-email',
        subject: 'Hi',
        message: 'A message that is long enough.',
      },
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: 'Please enter a valid email address' },
    });
    const rows = await storedRows("select id from contact_messages where email = 'not-an-email'");
    expect(rows).toEqual([]);
  });
});
