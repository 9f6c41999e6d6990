import { AI_MESSAGES, REFLECTION_UNAVAILABLE_MESSAGES } from '@daybook/shared';
import type { Page, TestInfo } from '@playwright/test';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { grantPlan } from '../support/database.ts';
import { KEEP_TALKING, PLAIN_REPLY, STREAMED_REPLY } from '../support/fake-openai.ts';
import { DASHBOARD_USER } from '../support/fixture-users.ts';
import { expect, test } from '../support/fixtures.ts';
import { lookAt } from '../support/layout.ts';
import { startSecondServer } from '../support/second-server.ts';

const DRAFT = 'Walked by the river this morning';

/** Screenshots at both widths in both themes, to look at (not compared): test-results/…/<name>-<width>-<theme>.png. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await lookAt(page, testInfo.outputPath(`${name}-${width}-${colorScheme}.png`), { fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.describe('AI with a provider (the local fake speaking the OpenAI protocol)', () => {
  test('AI Assist replaces the draft, says "Text enhanced", and Undo brings the draft back', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request, 'Ada Assist');
    await signInAs(page, user);
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill('Too short');
    const assist = page.getByRole('button', { name: 'AI Assist' });
    await expect(assist).toHaveAttribute('aria-disabled', 'true');
    await expect(assist).toHaveAccessibleDescription(AI_MESSAGES.tooShort);

    await box.fill(DRAFT);
    await expect(assist).not.toHaveAttribute('aria-disabled', 'true');
    await assist.click();
    await expect(page.getByText(AI_MESSAGES.enhanced, { exact: true })).toBeVisible();
    await expect(page.getByText(AI_MESSAGES.enhancedDescription)).toBeVisible();
    await expect(box).toHaveValue(PLAIN_REPLY);

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(box).toHaveValue(DRAFT);
  });

  test('AI Assist under 10 characters says why when pressed from the keyboard, and when tapped or clicked @mobile', async ({
    page,
    request,
  }, testInfo) => {
    const user = await createVerifiedUser(request, 'Ada Brief');
    await signInAs(page, user);
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill('Too short');
    const assist = page.getByRole('button', { name: 'AI Assist' });
    await expect(assist).toHaveAttribute('aria-disabled', 'true');
    // The toast, not the button's own description (present all along for screen readers).
    const said = page.locator('[data-sonner-toast]').filter({ hasText: AI_MESSAGES.tooShort });

    await assist.focus();
    await page.keyboard.press('Enter');
    await expect(said).toBeVisible();
    // Sonner holds a toast while the pointer rests on it, and the box's click left the pointer where the toast
    // appears on a phone-sized page: a finger lifts, so the pointer goes to a corner before the toast may go.
    await page.mouse.move(1, 1);
    await expect(said).toBeHidden({ timeout: 15_000 });

    // A phone has no hover to show the tooltip: the tap itself must say it. Playwright will not press an
    // aria-disabled button by itself (a person can): `force` skips that check, nothing else.
    if (testInfo.project.use.hasTouch) await assist.tap({ force: true });
    else await assist.click({ force: true });
    await expect(said).toBeVisible();
    await expect(box).toHaveValue('Too short');
  });

  test('the coach answers in a stream, Stop ends a reply, and the history comes back from the server', async ({
    page,
    request,
    expectAccessible,
  }, testInfo) => {
    test.slow();
    const user = await createVerifiedUser(request, 'Ada Coached');
    await grantPlan(user.email, 'premium');
    await signInAs(page, user, '/coach');
    await expect(page.getByRole('heading', { name: 'Growth Coach', level: 1 })).toBeVisible();
    await expect(page.getByText('20 of 20 coaching messages left today')).toBeVisible();
    await expectAccessible();

    const box = page.getByRole('textbox', { name: 'Message to your coach' });
    await box.fill('How did my week go?');
    await box.press('Enter');
    const reply = page.getByRole('log', { name: "Coach's reply" });
    const history = page.getByRole('list', { name: 'Messages' });
    // The reply arrives in pieces, then the conversation is reloaded from the server with it.
    await expect(history.getByText(STREAMED_REPLY)).toBeVisible();
    await expect(page.getByText('19 of 20 coaching messages left today')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How did my week go?' })).toBeVisible();

    // A reply that would go on for a minute, stopped after its first words; the box takes a message again once
    // the finished turn has been read back from the server (Send replaces Stop).
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await box.fill(`Please ${KEEP_TALKING}`);
    await box.press('Enter');
    await expect(reply).toContainText('Well,');
    await expect(reply).toHaveAttribute('aria-busy', 'true');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(history.getByText(AI_MESSAGES.stopped)).toBeVisible();
    await expect(box).toBeFocused();

    // Reloaded: the conversation is listed and opens with both turns.
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /^How did my week go\?/ })
      .click();
    await expect(history.getByText(STREAMED_REPLY)).toBeVisible();
    await expect(history.getByText(`Please ${KEEP_TALKING}`)).toBeVisible();
    await expectAccessible();
    await screenshots(page, testInfo, 'coach');

    // Future-self chat: the same component in its own mode.
    await page.getByRole('radio', { name: 'Future you' }).click();
    await expect(page).toHaveURL(/with=future-self/);
    const futureBox = page.getByRole('textbox', { name: 'Message to yourself, five years from now' });
    await futureBox.fill('Did I keep walking?');
    await futureBox.press('Enter');
    await expect(history.getByText(STREAMED_REPLY)).toBeVisible();
    await expect(page.getByText('19 of 20 future-self messages left today')).toBeVisible();
  });

  test('/ai-features names the provider, the uses left, and gives insights with a reflection', async ({
    page,
    request,
    expectAccessible,
  }, testInfo) => {
    test.slow();
    const user = await createVerifiedUser(request, 'Ada Insight');
    await signInAs(page, user);
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill('A calm day in the #garden, grateful for the sun.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();

    await page.goto('/ai-features');
    await expect(page.getByRole('heading', { name: 'AI Features', level: 1 })).toBeVisible();
    await expect(page.getByText(/AI provider configured: requests go to 127\.0\.0\.1:\d+/)).toBeVisible();
    await expect(page.getByText('2 of 2 insights left today').first()).toBeVisible();
    await expectAccessible();

    const insights = page.getByRole('region', { name: 'Insights' });
    await insights.getByRole('radio', { name: '7 days' }).click();
    await insights.getByRole('button', { name: 'Get insights' }).click();
    await expect(insights.getByText(PLAIN_REPLY)).toBeVisible();
    await expect(insights.getByText('1 entry', { exact: false })).toBeVisible();
    await expect(insights.getByText('1 of 2 insights left today')).toBeVisible();
    await expectAccessible();
    await screenshots(page, testInfo, 'ai-features');
  });
});

test.describe('AI without a provider', () => {
  let server: Awaited<ReturnType<typeof startSecondServer>>;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startSecondServer({
      port: Number(process.env.E2E_PORT ?? 3100) + 1,
      runDir: 'e2e/.run-no-ai',
      env: { E2E_AI: 'off' },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('AI Assist says no provider is configured and how to set one; insights still show local statistics', async ({
    page,
  }, testInfo) => {
    test.slow();
    const signIn = await page.request.post(`${server.baseURL}/api/auth/sign-in`, {
      data: { email: DASHBOARD_USER.email, password: DASHBOARD_USER.password },
    });
    expect(signIn.status()).toBe(200);
    await page.goto(`${server.baseURL}/dashboard`);
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill(DRAFT);
    await page.getByRole('button', { name: 'AI Assist' }).click();
    await expect(page.getByText(AI_MESSAGES.failed, { exact: true })).toBeVisible();
    await expect(page.getByText(AI_MESSAGES.noProvider)).toBeVisible();
    await expect(box).toHaveValue(DRAFT);

    await page.goto(`${server.baseURL}/ai-features`);
    await expect(page.getByText(AI_MESSAGES.noProvider)).toBeVisible();
    const insights = page.getByRole('region', { name: 'Insights' });
    await insights.getByRole('button', { name: 'Get insights' }).click();
    // The fixture user wrote one entry a day for the 12 days before today, most of them about the #garden.
    await expect(insights.getByText(`${DASHBOARD_USER.pastDays} entries`, { exact: false })).toBeVisible();
    await expect(insights.getByRole('heading', { name: 'Recurring themes' })).toBeVisible();
    await expect(insights.getByText(/garden/).first()).toBeVisible();
    await expect(insights.getByText(REFLECTION_UNAVAILABLE_MESSAGES.no_provider)).toBeVisible();
    await screenshots(page, testInfo, 'ai-features-no-provider');
  });
});
