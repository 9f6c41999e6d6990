import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createVerifiedUser, signInAs, signOutThroughMenu } from '../support/accounts.ts';
import { storedRows } from '../support/database.ts';
import { expect, test } from '../support/fixtures.ts';
import { lookAt } from '../support/layout.ts';

/** The worker installs and, after a reload, controls the page: the installed app's situation. */
async function untilTheWorkerControls(page: Page) {
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The browser's own reports of requests that failed while offline are expected there, not the app's errors. */
function forgetOfflineNoise(consoleErrors: string[]) {
  const offlineNoise = /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/;
  const others = consoleErrors.filter((text) => !offlineNoise.test(text));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

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

/**
 * How many records a store of the app's IndexedDB holds: `drafts`, the journal's copy `entry-copy` (ADR 084), or
 * the media kept with it `media-copy` (ADR 093).
 */
const recordCount = (page: Page, store: 'drafts' | 'entry-copy' | 'media-copy') =>
  page.evaluate(async (name) => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((db) => db.name === 'daybook')) return 0;
    const open = indexedDB.open('daybook');
    const db = await new Promise<IDBDatabase>((resolve) => {
      open.onsuccess = () => resolve(open.result);
    });
    if (!db.objectStoreNames.contains(name)) {
      db.close();
      return 0;
    }
    const count = db.transaction(name).objectStore(name).count();
    const n = await new Promise<number>((resolve) => {
      count.onsuccess = () => resolve(count.result);
    });
    db.close();
    return n;
  }, store);
const draftCount = (page: Page) => recordCount(page, 'drafts');
const copiedCount = (page: Page) => recordCount(page, 'entry-copy');

/** The sealed part of each record of the copy: it changes whenever an entry is sealed again. */
const copiedCiphertexts = (page: Page) =>
  page.evaluate(async () => {
    const open = indexedDB.open('daybook');
    const db = await new Promise<IDBDatabase>((resolve) => {
      open.onsuccess = () => resolve(open.result);
    });
    const all = db.transaction('entry-copy').objectStore('entry-copy').getAll();
    const records = await new Promise<Array<{ encryptedContent: string }>>((resolve) => {
      all.onsuccess = () => resolve(all.result);
    });
    db.close();
    return records.map((record) => record.encryptedContent);
  });

/** The 15th of the month before this one, at 10:00 UTC: "last month" whatever the day the test runs. */
function lastMonthDay(): { instant: string; day: string } {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 10));
  return { instant: at.toISOString(), day: at.toISOString().slice(0, 10) };
}

/**
 * What the raw records of the kept media hold, checked in the page: whether any record's bytes start with a
 * JPEG's, a WebP's or a WebM's magic number, or contain any of `runs` (byte runs of the files the server sent).
 */
const keptMediaLeaks = (page: Page, runs: number[][]) =>
  page.evaluate(async (needles) => {
    const open = indexedDB.open('daybook');
    const db = await new Promise<IDBDatabase>((resolve) => {
      open.onsuccess = () => resolve(open.result);
    });
    const all = db.transaction('media-copy').objectStore('media-copy').getAll();
    const records = await new Promise<Array<Record<string, unknown>>>((resolve) => {
      all.onsuccess = () => resolve(all.result);
    });
    db.close();
    const magics = [
      [0xff, 0xd8, 0xff],
      [0x52, 0x49, 0x46, 0x46],
      [0x1a, 0x45, 0xdf, 0xa3],
    ];
    const contains = (haystack: Uint8Array, needle: number[]) => {
      outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
        for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
        return true;
      }
      return false;
    };
    const leaks: string[] = [];
    for (const record of records) {
      for (const [field, value] of Object.entries(record)) {
        const bytes =
          value instanceof ArrayBuffer
            ? new Uint8Array(value)
            : ArrayBuffer.isView(value)
              ? new Uint8Array(value.buffer)
              : null;
        if (typeof value === 'string' && /image|jpeg|webp|video|audio/.test(value))
          leaks.push(`${field}: ${value}`);
        if (!bytes) continue;
        for (const magic of magics) {
          if (magic.every((byte, i) => bytes[i] === byte)) leaks.push(`${field} starts with ${magic}`);
        }
        for (const needle of needles)
          if (contains(bytes, needle)) leaks.push(`${field} holds the file's bytes`);
      }
    }
    return { count: records.length, leaks };
  }, runs);

/** A photo a person would take: a sky, the sea, a sun, a hill, as a large JPEG. */
const landscape = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600">
      <rect width="2400" height="1600" fill="#6fa8dc"/>
      <circle cx="1700" cy="520" r="210" fill="#ffe599"/>
      <rect y="1000" width="2400" height="600" fill="#2f5d7c"/>
      <path d="M0 1100 Q 600 700 1200 1050 T 2400 1000 V 1600 H 0 Z" fill="#38761d"/>
    </svg>`),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

const webStorageDump = (page: Page) =>
  page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));

// The installed app is what these tests are about: its service worker registers, as in people's browsers.
test.use({ serviceWorkers: 'allow' });

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

    await untilTheWorkerControls(page);
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
    await lookAt(page, test.info().outputPath('offline-1366.png'), { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, test.info().outputPath('offline-390.png'), { fullPage: true });
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
    forgetOfflineNoise(consoleErrors);
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

  test('reads the journal offline from its encrypted copy, entries of last month included, and sign-out removes it', async ({
    page,
    context,
    request,
    consoleErrors,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    await untilTheWorkerControls(page);

    // Two entries written in the app (so encrypted with this person's key); one is then moved to last month
    // and given a mood, as an entry written then would have been.
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    const older =
      'The lighthouse keeper showed us the old lens, polished like a jewel. ' +
      'We climbed the spiral stairs twice and counted one hundred and twelve steps each time, ' +
      'then sat on the gallery until the fog rolled in from the bay and swallowed the harbour lights.';
    for (const text of [older, 'Quiet evening, tea and a crossword.']) {
      await box.click();
      await box.fill(text);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('article').filter({ hasText: text.slice(0, 30) })).toBeVisible();
    }
    // Both are in the copy already (the list kept them as it refreshed), sealed with today's date.
    await expect.poll(() => copiedCount(page)).toBe(2);
    const sealedBefore = await copiedCiphertexts(page);
    const { instant, day } = lastMonthDay();
    await storedRows(
      `update entries set created_at = $2, entry_date = $3, mood_tag = 'Anxious'
        where user_id = (select id from users where email = $1) and created_at = (
          select min(created_at) from entries where user_id = (select id from users where email = $1))`,
      [user.email, instant, day],
    );

    await page.reload();
    await expect(page.getByRole('article').filter({ hasText: 'Quiet evening' })).toBeVisible();
    // Once idle, the whole journal is fetched and kept: both records sealed again, with last month's date.
    await expect
      .poll(async () => (await copiedCiphertexts(page)).filter((c) => sealedBefore.includes(c)), {
        timeout: 20_000,
      })
      .toEqual([]);
    expect(await copiedCount(page)).toBe(2);
    const dump = await indexedDbDump(page);
    for (const plain of ['lighthouse', 'Quiet evening', 'Anxious', day]) expect(dump).not.toContain(plain);

    // Offline, reloaded: the list comes from the copy, with one notice and no error.
    await context.setOffline(true);
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: "You're offline. These are the entries kept" });
    await expect(notice).toHaveCount(1);
    await expect(page.getByRole('article').filter({ hasText: 'Quiet evening' })).toBeVisible();
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
    // All Time reaches last month: the entry is listed and opens whole, decrypted.
    await page.getByRole('button', { name: 'All Time' }).click();
    const lastMonth = page.getByRole('article').filter({ hasText: 'The lighthouse keeper' });
    await expect(lastMonth).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Your entries' }).getByText('2 entries', { exact: true }),
    ).toBeVisible();
    await expect(lastMonth).not.toContainText('harbour lights');
    await lastMonth.getByRole('button', { name: 'Read more' }).click();
    await expect(lastMonth).toContainText('swallowed the harbour lights.');
    await expect(notice).toHaveCount(1);
    await expectAccessible();
    await lookAt(page, test.info().outputPath('offline-copy-1366.png'), { fullPage: true });
    // The cards beside the list say nothing of errors either: one notice for the page (ADR 084).
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
    await expect(page.getByText("Shown again when you're back online.").first()).toBeVisible();
    // A day from the calendar (its address), still offline: that day's entry only.
    await page.goto(`/dashboard?date=${day}`);
    await expect(page.getByRole('article').filter({ hasText: 'The lighthouse keeper' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(notice).toHaveCount(1);

    // Back online, signing out removes the copy: nothing of the journal stays in the browser.
    await context.setOffline(false);
    await page.goto('/dashboard');
    await expect(page.getByRole('article').filter({ hasText: 'Quiet evening' })).toBeVisible();
    await expect(notice).toHaveCount(0);
    await signOutThroughMenu(page);
    await expect.poll(() => copiedCount(page)).toBe(0);
    expect(await indexedDbDump(page)).not.toContain('lighthouse');

    forgetOfflineNoise(consoleErrors);
  });
  test('keeps a photo opened online, sealed, shows it offline after a reload, and sign-out removes it', async ({
    page,
    context,
    request,
    consoleErrors,
    expectAccessible,
  }) => {
    test.setTimeout(120_000);
    const user = await createVerifiedUser(request);
    await signInAs(page, user);
    await untilTheWorkerControls(page);

    // A photo attached and saved online: the card loads it, which is opening it (ADR 093).
    await page.getByRole('textbox', { name: "What's on your mind?" }).click();
    await page.getByRole('button', { name: 'Attach media' }).click();
    const panel = page.getByRole('dialog');
    await panel
      .locator('input[type="file"]')
      .setInputFiles({ name: 'pier.jpg', mimeType: 'image/jpeg', buffer: await landscape() });
    await expect(panel.getByRole('button', { name: 'Remove' })).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    const box = page.getByRole('textbox', { name: "What's on your mind?" });
    await box.fill('The pier at dusk, gulls on every post');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const card = page.getByRole('article').filter({ hasText: 'The pier at dusk' });
    const opener = card.getByRole('button', { name: 'Attached photo' });
    await expect(opener).toHaveAttribute('data-state', 'full', { timeout: 15_000 });
    const full = opener.locator('img[data-layer="full"]');
    const thumbnail = opener.locator('img[data-layer="thumbnail"]');
    expect(await full.getAttribute('src')).not.toMatch(/^blob:/);

    // Kept in the background: the picture and its thumbnail, two records, with none of their bytes in the clear.
    await expect.poll(() => recordCount(page, 'media-copy'), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => copiedCount(page)).toBe(1);
    const servedRuns = await page.evaluate(
      async (sources) =>
        Promise.all(
          sources.map(async (src) =>
            Array.from(new Uint8Array(await (await fetch(src)).arrayBuffer()).subarray(0, 64)),
          ),
        ),
      [await full.getAttribute('src'), await thumbnail.getAttribute('src')] as string[],
    );
    // The served files are what the test looks for: a JPEG and a WebP.
    expect(servedRuns[0]?.slice(0, 3)).toEqual([0xff, 0xd8, 0xff]);
    expect(servedRuns[1]?.slice(0, 4)).toEqual([0x52, 0x49, 0x46, 0x46]);
    expect(await keptMediaLeaks(page, servedRuns)).toEqual({ count: 2, leaks: [] });

    // Offline, reloaded: the entry from its copy, and the photo from the media kept, through object URLs.
    await context.setOffline(true);
    await page.reload();
    await expect(card).toBeVisible();
    await expect(opener).toHaveAttribute('data-state', 'full', { timeout: 15_000 });
    expect(await full.getAttribute('src')).toMatch(/^blob:/);
    expect(await thumbnail.getAttribute('src')).toMatch(/^blob:/);
    expect(await full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1920);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'with the photos, voice notes and videos you last opened here' }),
    ).toHaveCount(1);
    // The viewer shows it whole too, offline.
    await opener.click();
    const viewer = page.getByRole('dialog', { name: 'Media Viewer' });
    const image = viewer.getByRole('img', { name: 'Attached image' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1920);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    await expectAccessible();
    await lookAt(page, test.info().outputPath('offline-photo-1366.png'));
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // Back online, signing out removes the kept media with the entry copy.
    await context.setOffline(false);
    await page.goto('/dashboard');
    await expect(opener).toHaveAttribute('data-state', 'full', { timeout: 15_000 });
    await signOutThroughMenu(page);
    await expect.poll(() => recordCount(page, 'media-copy')).toBe(0);
    expect(await copiedCount(page)).toBe(0);

    forgetOfflineNoise(consoleErrors);
  });
});
