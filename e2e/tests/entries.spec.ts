import { ENTRY_MESSAGES, MODERATION_MESSAGES } from '@daybook/shared';
import type { Page } from '@playwright/test';
import { createVerifiedUser, signInAs } from '../support/accounts.ts';
import { storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';

/** The drafts this browser keeps in IndexedDB (one per user, encrypted). */
const draftCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('daybook');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve(0);
          const count = db.transaction('drafts').objectStore('drafts').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );

test.describe('entries', () => {
  test('write with a mood → see it decrypted in the list → edit inline → delete', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill('The first frost on the allotment, and a robin watching me dig.');
    await page.getByRole('button', { name: /Choose mood/ }).click();
    // Every mood's name is shown whole, "Celebrating" and "Productive" too, not cut to "Celebra…" (docs/product/entries.md#entries-moods).
    const grateful = page.getByRole('button', { name: 'Grateful', exact: true });
    await expect(grateful).toBeVisible();
    const cutLabels = await grateful.evaluate((button) =>
      [...(button.closest('ul')?.querySelectorAll('button span:last-child') ?? [])]
        .filter((label) => label.scrollWidth > label.clientWidth)
        .map((label) => label.textContent),
    );
    expect(cutLabels).toEqual([]);
    await grateful.click();
    await expect(page.getByRole('button', { name: /Choose mood.*Grateful/ })).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(ENTRY_MESSAGES.created)).toBeVisible();

    const card = page.getByRole('article').filter({ hasText: 'robin watching me dig' });
    await expect(card).toBeVisible();
    await expect(card.getByText('🙏')).toBeVisible();
    await expectAccessible();

    // The server holds only ciphertext.
    const rows = await storedRows(
      'select e.content, e.encrypted_content, e.mood_tag from entries e join users u on u.id = e.user_id where u.email = $1',
      [user.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ content: null, mood_tag: 'Grateful' });
    // Something was stored in the text's place, and it is not the text.
    expect(rows[0]!.encrypted_content).toEqual(expect.stringMatching(/\S{16,}/));
    expect(String(rows[0]!.encrypted_content)).not.toContain('robin');

    await card.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit entry' });
    await editor.fill('The first frost on the allotment, and a robin keeping me company.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(ENTRY_MESSAGES.updated)).toBeVisible();
    const edited = page.getByRole('article').filter({ hasText: 'robin keeping me company' });
    await expect(edited).toBeVisible();

    await edited.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: ENTRY_MESSAGES.deleteConfirm });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(ENTRY_MESSAGES.deleted)).toBeVisible();
    await expect(page.getByText(ENTRY_MESSAGES.emptyList)).toBeVisible();
  });

  test('the unsaved draft survives a reload', async ({ page, request }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill('Half a thought about the walk home');
    // Kept encrypted in IndexedDB (ADR 040; offline.spec.ts checks what is stored): wait for the write.
    await expect.poll(() => draftCount(page)).toBe(1);
    await page.reload();
    await expect(page.getByRole('textbox', { name: "What's on your mind?" })).toHaveValue(
      'Half a thought about the walk home',
    );
  });

  test('a self-harm text shows the crisis message and saves nothing', async ({ page, request }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill('Tonight I want to end my life.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(MODERATION_MESSAGES.crisis)).toBeVisible();
    await expect(page.getByText(ENTRY_MESSAGES.emptyList)).toBeVisible();
    const list = await page.request.get('/api/entries');
    expect((await list.json()).total).toBe(0);
  });

  test('the server decrypts what the browser sealed and blocks it even when the client skips moderation', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    // A modified client: its own moderation call always says "safe".
    await page.route('**/api/moderation/text', (route) =>
      route.fulfill({
        json: { safe: true, severity: 'safe', flags: [], explanation: 'skipped', confidence: 1 },
      }),
    );
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill('I keep thinking about hurting myself again.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(MODERATION_MESSAGES.crisis)).toBeVisible();
    expect((await (await page.request.get('/api/entries')).json()).total).toBe(0);
  });

  test('after three entries on the Free plan the card says so before writing, keeps the draft and offers Premium @mobile', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    const notice = page.getByRole('status').filter({ hasText: ENTRY_MESSAGES.dailyLimitReached(3) });
    for (const text of ['Morning pages', 'Lunch on the bench', 'Evening walk']) {
      await expect(notice).toHaveCount(0);
      await box.click();
      await box.fill(text);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
      // The card clears itself once the save is answered, which can be just after the list shows the entry:
      // writing the next one before that would be wiped (a person waits for the empty box too).
      await expect(box).toHaveValue('');
    }
    // The server's count reaches the card once the third is saved, with no attempt and no reload.
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("You've written 3 of 3 entries today.");
    const counted = await (await page.request.get('/api/entries/limits/daily')).json();
    expect(counted).toEqual({ allowed: false, limit: 3, used: 3 });

    await box.click();
    await box.fill('One more thought for tomorrow');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    // Kept encrypted in IndexedDB (ADR 040): it is there after a reload, and the card still says why.
    await expect.poll(() => draftCount(page)).toBe(1);
    await page.reload();
    await expect(box).toHaveValue('One more thought for tomorrow');
    await expect(notice).toBeVisible();
    await notice.getByRole('link', { name: 'Up to 25 a day with Premium' }).click();
    await expect(page).toHaveURL(/\/profile#subscription$/);
    expect((await (await page.request.get('/api/entries')).json()).total).toBe(3);
  });
});
