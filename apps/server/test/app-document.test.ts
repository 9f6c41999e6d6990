import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  APP_BOOTSTRAP_ELEMENT_ID,
  AppBootstrap,
  FIRST_SCREEN_SLOTS,
  HELD_APP_SCRIPTS_ID,
} from '@daybook/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../src/db/schema/index.ts';
import { scriptSafeJson } from '../src/infra/http/app-document.ts';
import { useTestApp } from './support/app.ts';
import { createEntry, createSignedInUser } from './support/factories.ts';
import { fakeWebBuild } from './support/web-build.ts';

// A build with the list of each page's chunks that the web build writes (vite.config.ts `appDocument`).
const distDir = fakeWebBuild();
writeFileSync(
  path.join(distDir, '.vite', 'route-chunks.json'),
  JSON.stringify([
    { pattern: '^/dashboard/?$', files: ['assets/signed-in-1.js'], later: ['assets/signed-in-later-2.js'] },
    { pattern: '^/pricing/?$', files: ['assets/PricingPage-3.js'] },
  ]),
);
// And the dashboard's first screen, with the slots the server fills (ADR 051).
writeFileSync(
  path.join(distDir, '.vite', 'first-screens.json'),
  JSON.stringify({
    dashboard: {
      layout: `<div inert><h1>${FIRST_SCREEN_SLOTS.greeting}</h1><div>${FIRST_SCREEN_SLOTS.content}</div></div>`,
      welcomeCard: '<div data-first-screen-welcome-card>Welcome to Daybook</div>',
    },
  }),
);
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const ctx = useTestApp({ WEB_DIST_DIR: distDir });

const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

/** The bootstrap the page carries, parsed as the app parses it, or null. */
function bootstrapOf(html: string): AppBootstrap | null {
  const match = new RegExp(
    `<script type="application/json" id="${APP_BOOTSTRAP_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  return match ? AppBootstrap.parse(JSON.parse(match[1] as string)) : null;
}

describe('the app page as the server sends it (ADR 050)', () => {
  it("preloads the chunks of the page being opened, and only that page's", async () => {
    const dashboard = await page('/dashboard');
    expect(dashboard.body).toContain('<link rel="modulepreload" crossorigin href="/assets/signed-in-1.js">');
    expect(dashboard.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/signed-in-later-2.js">',
    );
    expect(dashboard.body).not.toContain('PricingPage-3.js');
    // Before the entry script, so they are asked for alongside it.
    expect(dashboard.body.indexOf('signed-in-1.js')).toBeLessThan(dashboard.body.indexOf('app-1234.js'));
    const pricing = await page('/pricing/');
    expect(pricing.body).toContain('href="/assets/PricingPage-3.js"');
    expect(pricing.body).not.toContain('signed-in-1.js');
    const other = await page('/about');
    expect(other.body).not.toContain('modulepreload');
  });

  it('carries nothing for a visitor, and may be cached only by the browser, keyed on the cookie', async () => {
    for (const cookie of [undefined, 'theme=dark', 'daybook.session_token=abc.c2lnbmF0dXJl']) {
      const response = await page('/dashboard', cookie ? { cookie } : {});
      expect(response.statusCode).toBe(200);
      expect(bootstrapOf(response.body)).toBeNull();
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers.vary)).toMatch(/cookie/i);
    }
  });

  it("carries a signed-in person's own session, profile and plan, as the API answers them, and is never stored", async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const response = await page('/dashboard', { cookie });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers.vary)).toMatch(/cookie/i);
    const bootstrap = bootstrapOf(response.body);
    const [session, profile, subscription] = await Promise.all(
      ['/api/auth/session', '/api/me', '/api/billing/subscription'].map(async (url) =>
        (await ctx.app.inject({ method: 'GET', url, headers: { cookie } })).json(),
      ),
    );
    expect(bootstrap).toEqual({ user: session.user, profile, subscription });
    expect(bootstrap?.user.id).toBe(user.id);
    // Every page of the app carries it, a 404 page too (the header shows who is signed in).
    expect(bootstrapOf((await page('/past-entries', { cookie })).body)?.user.id).toBe(user.id);
    const missing = await page('/no-such-page', { cookie });
    expect(missing.statusCode).toBe(404);
    expect(bootstrapOf(missing.body)?.user.id).toBe(user.id);
  });

  it('gives each person their own answers, and none once the session has ended', async () => {
    const first = await createSignedInUser(ctx);
    const second = await createSignedInUser(ctx);
    expect(bootstrapOf((await page('/dashboard', { cookie: second.cookie })).body)?.user.id).toBe(
      second.user.id,
    );
    expect(bootstrapOf((await page('/dashboard', { cookie: first.cookie })).body)?.profile.id).toBe(
      first.user.id,
    );
    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: first.cookie, origin: ctx.config.appUrl },
    });
    expect(signOut.statusCode).toBe(200);
    const after = await page('/dashboard', { cookie: first.cookie });
    expect(bootstrapOf(after.body)).toBeNull();
    expect(after.headers['cache-control']).toBe('no-cache');
  });

  it('keeps a name that looks like markup inside its script element', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const name = 'Ada </script><script>alert(1)</script><!-- \u2028';
    await ctx.database.db.update(users).set({ name }).where(eq(users.id, user.id));
    const response = await page('/dashboard', { cookie });
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).not.toContain('<!--');
    expect(bootstrapOf(response.body)?.profile.fullName).toBe(name);
  });

  it('answers HEAD without a body, and compresses the page for a browser that accepts it', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/dashboard', headers: { cookie } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const compressed = await page('/dashboard', { cookie, 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
  });
});

describe("the dashboard's first screen as HTML (ADR 051)", () => {
  const WELCOME_CARD = '<div data-first-screen-welcome-card>Welcome to Daybook</div>';
  const setName = (id: string, name: string) =>
    ctx.database.db.update(users).set({ name }).where(eq(users.id, id));

  it('greets a signed-in person by name, with the welcome card while their plan allows it', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    await setName(user.id, 'Grace Brewster Hopper');
    // A journal without an entry is a first visit: "Welcome", not "Welcome back" (ADR 062).
    expect((await page('/dashboard', { cookie })).body).toContain('<h1>Welcome, Grace</h1>');
    expect((await createEntry(ctx, cookie, user.id, 'A first page.')).statusCode).toBe(201);
    const free = (await page('/dashboard?period=week', { cookie })).body;
    expect(free).toContain('<main id="main-content"><div inert><h1>Welcome back, Grace</h1>');
    expect(free).toContain(WELCOME_CARD);
    expect(free).not.toContain(FIRST_SCREEN_SLOTS.page);

    await ctx.database.db
      .update(subscriptions)
      .set({ planId: 'premium' })
      .where(eq(subscriptions.userId, user.id));
    const premium = (await page('/dashboard', { cookie })).body;
    expect(premium).toContain('<h1>Welcome back, Grace</h1>');
    expect(premium).not.toContain('Welcome to Daybook');
  });

  it("holds the app's scripts back until the drawn screen is painted, and only there", async () => {
    const { cookie } = await createSignedInUser(ctx);
    const drawn = (await page('/dashboard', { cookie })).body;
    const head = drawn.slice(0, drawn.indexOf('<body>'));
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('modulepreload');
    const held = new RegExp(`<template id="${HELD_APP_SCRIPTS_ID}">(.*?)</template>\\s*</body>`, 's').exec(
      drawn,
    );
    expect(held?.[1]).toContain('<link rel="modulepreload" crossorigin href="/assets/signed-in-1.js">');
    expect(held?.[1]).toContain('<script type="module" src="/assets/app-1234.js"></script>');
    // A page the app draws itself needs its scripts at once.
    for (const [url, headers] of [
      ['/dashboard', {}],
      ['/past-entries', { cookie }],
    ] as const) {
      const body = (await page(url, headers)).body;
      expect(body, url).not.toContain(HELD_APP_SCRIPTS_ID);
      expect(body, url).toContain('<script type="module" src="/assets/app-1234.js"></script></head>');
    }
  });

  it('is drawn for the dashboard only, and only for a signed-in person', async () => {
    const { cookie } = await createSignedInUser(ctx);
    for (const url of ['/past-entries', '/no-such-page']) {
      const body = (await page(url, { cookie })).body;
      expect(body, url).toContain('<main id="main-content"><!--first-screen--></main>');
    }
    const visitor = (await page('/dashboard')).body;
    expect(visitor).toContain('<main id="main-content"><!--first-screen--></main>');
  });

  it('writes a name as text: no markup, and no replacement pattern', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    await setName(user.id, "<b>Ada</b>$&$'");
    const body = (await page('/dashboard', { cookie })).body;
    expect(body).toContain("<h1>Welcome, &lt;b&gt;Ada&lt;/b&gt;$&amp;$'</h1>");
  });
});

describe('scriptSafeJson', () => {
  it('escapes what could end a script element or a line, and parses back to the same value', () => {
    const value = { text: '</script><!-- \u2028 \u2029 <b>' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
