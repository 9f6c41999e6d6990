import { AUTH_MESSAGES, ENTRY_MESSAGES, MESSAGES } from '@daybook/shared';
import { newEmail, PASSWORD, pathOf, registerThroughForm, signOutThroughMenu } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { mailInDir } from '../support/mail-files.ts';
import type { ProductionRun } from '../support/production-run.ts';

/**
 * ADR 013's "done when": with NODE_ENV=production and every production setting (https APP_URL behind a
 * TLS-terminating proxy, TRUST_PROXY, no local tools), a newcomer registers, confirms by e-mail, signs in,
 * writes an entry, reads it back and signs out. The project says which database and mail path it runs on.
 */
test.describe('production journey', () => {
  test('register → confirm by e-mail → sign in → write → read back → sign out', async ({
    page,
    context,
  }, testInfo) => {
    const run = testInfo.project.metadata as ProductionRun;
    const email = newEmail(`production-${run.variant}`);

    await registerThroughForm(page, { fullName: 'Marie Curie', email });
    // Production serves no local mailbox: the dialog does not point to one.
    const dialog = page.getByRole('dialog', { name: 'Check Your Email' });
    await expect(dialog.getByRole('link', { name: 'local mailbox' })).toHaveCount(0);
    await expect(dialog).toContainText(AUTH_MESSAGES.spamFolderHint);

    // The e-mail left the server: into DATA_DIR/mail (embedded) or over SMTP to a real listener (PostgreSQL).
    const mail = await mailInDir(run.mailDir, email, /Confirm your e-mail/);
    const link = mail.links[0]!;
    expect(link.startsWith(`${run.baseURL}/`), `the link follows APP_URL: ${link}`).toBe(true);
    await page.goto(pathOf(link));
    // Opening the link confirms the address; whether it also signs this browser in is the auth code's
    // business, so the journey signs out if it did and then signs in through the form like anyone else.
    await expect(page).toHaveURL(/\/(dashboard|login)/);
    if (page.url().includes('/dashboard')) {
      await expect(page.getByText('Welcome, Marie')).toBeVisible();
      await signOutThroughMenu(page);
    }

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome, Marie')).toBeVisible();

    // The session cookie is the https one, and the signed-in requests read it back (the 401 bug of ADR 013).
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === '__Secure-daybook.session_token');
    expect(session, `cookies: ${cookies.map((c) => c.name).join(', ')}`).toMatchObject({
      secure: true,
      httpOnly: true,
    });

    const text = `A production evening on the ${run.variant} database, the kettle singing.`;
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill(text);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();

    await signOutThroughMenu(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
  });

  test('no local tools and no unknown pages: /dev/mail and /test-accounts are the app’s 404, also straight from this machine', async ({
    page,
    request,
  }, testInfo) => {
    const run = testInfo.project.metadata as ProductionRun;
    const response = await page.goto('/dev/mail');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.notFound })).toBeVisible();
    expect((await request.get('/api/dev/mail')).status()).toBe(404);
    // /test-accounts is no page in production (docs/product/plans-billing.md#plans-test-tools: registered only outside it): the app's own 404, not a
    // test-account page saying it is unavailable.
    const testAccounts = await page.goto('/test-accounts');
    expect(testAccounts?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.notFound })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Test Accounts' })).toHaveCount(0);

    // Even a direct loopback request without forwarding headers finds nothing: production has no mailbox.
    const direct = `http://127.0.0.1:${run.serverPort}`;
    expect((await request.get(`${direct}/dev/mail`)).status()).toBe(404);
    expect((await request.get(`${direct}/api/dev/mail`)).status()).toBe(404);
    // Pages answer HEAD like GET, and an https APP_URL turns HSTS on.
    const head = await request.head('/dashboard');
    expect(head.status()).toBe(200);
    expect(head.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  test('metrics: Prometheus reads METRICS_PORT on loopback; the public port has no /metrics', async ({
    request,
  }, testInfo) => {
    const run = testInfo.project.metadata as ProductionRun;
    expect((await request.get('/api/health')).status()).toBe(200);
    expect((await request.get('/metrics')).status()).toBe(404);
    expect((await request.get(`http://127.0.0.1:${run.serverPort}/metrics`)).status()).toBe(404);
    const scraped = await request.get(`http://127.0.0.1:${run.metricsPort}/metrics`);
    expect(scraped.status()).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(
      /daybook_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/,
    );
    expect(text).toContain('process_resident_memory_bytes');
  });
});
