import type { Page } from '@playwright/test';
import { createVerifiedUser, signInAs, signOutThroughMenu } from '../support/accounts.ts';
import { storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';

/** Everything in every IndexedDB database of the page's origin, as one string (ADR 040's check). */
function indexedDbDump(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const dump: Record<string, unknown> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await read(indexedDB.open(info.name));
      for (const store of Array.from(db.objectStoreNames)) {
        dump[`${info.name}/${store}`] = await read(db.transaction(store).objectStore(store).getAll());
      }
      db.close();
    }
    return JSON.stringify(dump);
  });
}

const draftCount = (page: Page) =>
  page.evaluate(async () => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((db) => db.name === 'daybook')) return 0;
    const open = indexedDB.open('daybook');
    const db = await new Promise<IDBDatabase>((resolve) => {
      open.onsuccess = () => resolve(open.result);
    });
    if (!db.objectStoreNames.contains('drafts')) return 0;
    const count = db.transaction('drafts').objectStore('drafts').count();
    const n = await new Promise<number>((resolve) => {
      count.onsuccess = () => resolve(count.result);
    });
    db.close();
    return n;
  });

const webStorageDump = (page: Page) =>
  page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));

test.describe('installable, offline-capable app', () => {
  test('installs, opens offline, queues an entry written offline and sends it once when back online', async ({
    page,
    context,
    request,
    consoleErrors,
    expectAccessible,
  }) => {
    // The first visit installs the worker and precaches every route chunk, and the page is opened four times.
    test.setTimeout(90_000);
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    await expect(page.getByRole('textbox', { name: "What's on your mind?" })).toBeVisible();

    // Installable: a linked, valid manifest with the icons browsers ask for.
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifestResponse = await page.request.get(manifestHref!);
    expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await manifestResponse.json();
    expect(manifest).toMatchObject({ start_url: '/dashboard', display: 'standalone', short_name: 'Daybook' });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((item: { sizes: string; type: string }) => item.sizes === size);
      expect(icon, size).toMatchObject({ type: 'image/png' });
      const image = await page.request.get(icon.src);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(true);
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toContain('no-cache');

    // A service worker is installed (its precache complete) and, after a reload, controls the page.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // Chromium's own installability verdict, the one Lighthouse reports; Playwright's contexts are incognito,
    // which Chromium names as a reason of its own: every other one must be absent.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
    await cdp.detach();

    // Offline: /dashboard still opens from the precached shell, and the entry waits in the queue.
    await context.setOffline(true);
    await page.goto('/dashboard');
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await expect(page.getByText(/You're offline\. Entries you save are kept on this device/)).toBeVisible();
    await box.fill('Written on the train, far from any signal.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      page.getByText("Saved on this device. It will be sent when you're back online."),
    ).toBeVisible();
    const waiting = page.getByRole('region', { name: 'Waiting to sync' });
    const queued = waiting
      .getByRole('listitem')
      .filter({ hasText: 'Written on the train, far from any signal.' });
    await expect(queued).toBeVisible();
    await expect(queued).toContainText('Waiting to sync');
    await expectAccessible();
    await page.screenshot({ path: test.info().outputPath('offline-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('offline-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    // Nothing reached the server, and the queue holds ciphertext only.
    expect(
      await storedRows('select 1 from entries e join users u on u.id = e.user_id where u.email = $1', [
        user.email,
      ]),
    ).toHaveLength(0);
    expect(await indexedDbDump(page)).not.toContain('far from any signal');

    // Back online: it is sent (the page on reconnect, the worker's Background Sync too) and created once.
    await context.setOffline(false);
    await expect(page.getByRole('article').filter({ hasText: 'far from any signal' })).toBeVisible();
    await expect(waiting).toBeHidden();
    await expect
      .poll(() =>
        storedRows(
          'select e.client_request_id from entries e join users u on u.id = e.user_id where u.email = $1',
          [user.email],
        ),
      )
      .toHaveLength(1);
    // A moment for any second sender (the worker's sync) to have tried: still one.
    await page.reload();
    await expect(page.getByRole('article').filter({ hasText: 'far from any signal' })).toHaveCount(1);
    const rows = await storedRows(
      'select e.client_request_id from entries e join users u on u.id = e.user_id where u.email = $1',
      [user.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.client_request_id).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));

    // The browser reports the lost network while offline; nothing else may be logged.
    const offlineNoise = /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/;
    const others = consoleErrors.filter((text) => !offlineNoise.test(text));
    consoleErrors.splice(0, consoleErrors.length, ...others);
  });

  test('the draft is kept encrypted and no draft text remains in the browser after sign-out', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.click();
    await box.fill('A private half-thought about the interview');
    await expect.poll(() => draftCount(page)).toBe(1);
    expect(await indexedDbDump(page)).not.toContain('half-thought');
    expect(await webStorageDump(page)).not.toContain('half-thought');

    // Restored on load, for this user.
    await page.reload();
    await expect(page.getByRole('textbox', { name: "What's on your mind?" })).toHaveValue(
      'A private half-thought about the interview',
    );

    await signOutThroughMenu(page);
    await expect.poll(() => draftCount(page)).toBe(0);
    expect(await indexedDbDump(page)).not.toContain('half-thought');
    expect(await webStorageDump(page)).not.toContain('half-thought');
    expect(await webStorageDump(page)).not.toContain('journal-draft');
  });
});
