import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APP_BOOTSTRAP_ELEMENT_ID } from '@daybook/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './support/app.ts';
import { createSignedInUser } from './support/factories.ts';
import { fakeWebBuild, INDEX_HTML, withoutTestToolsMark } from './support/web-build.ts';

// A built web app with the prerendered landing and login pages beside the app's shell (ADR 045, 049).
const distDir = fakeWebBuild();
const LANDING_HTML =
  '<!doctype html><html><body><div id="root"><h1>A private journal</h1></div></body></html>';
const LOGIN_HTML = '<!doctype html><html><body><div id="root"><h1>Welcome back</h1></div></body></html>';
writeFileSync(path.join(distDir, 'landing.html'), LANDING_HTML);
writeFileSync(path.join(distDir, 'login.html'), LOGIN_HTML);
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const ctx = useTestApp({ WEB_DIST_DIR: distDir });

describe('the landing page at /', () => {
  const home = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/', headers });

  it('sends a visitor the prerendered page, revalidated each visit and varying by cookie', async () => {
    const response = await home();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(LANDING_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers.vary)).toMatch(/cookie/i);
  });

  it('sends a signed-in browser the app, which shows the same page with their header', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const response = await home({ cookie });
    expect(response.statusCode).toBe(200);
    // The app's page, carrying the session it starts from (ADR 050; app-document.test.ts).
    expect(response.body).toContain(
      '<div id="root"><main id="main-content"><!--first-screen--></main></div>',
    );
    expect(response.body).toContain(`id="${APP_BOOTSTRAP_ELEMENT_ID}"`);
    expect(String(response.headers.vary)).toMatch(/cookie/i);
  });

  it('takes a session cookie without our signature, or another cookie, for a visitor', async () => {
    const forged = await home({ cookie: 'daybook.session_token=abc.c2lnbmF0dXJl' });
    expect(forged.body).toBe(LANDING_HTML);
    const other = await home({ cookie: 'theme=dark' });
    expect(other.body).toBe(LANDING_HTML);
  });

  it('answers HEAD like GET, and keeps the query string', async () => {
    const head = await ctx.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const withQuery = await ctx.app.inject({ method: 'GET', url: '/?utm_source=mail' });
    expect(withQuery.body).toBe(LANDING_HTML);
  });

  it('leaves every other page path to the app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/register' });
    expect(response.statusCode).toBe(200);
    expect(withoutTestToolsMark(response.body)).toBe(INDEX_HTML);
  });
});

describe('the login page at /login', () => {
  const login = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('sends a visitor the prerendered page, plain or with where to go after signing in', async () => {
    for (const url of ['/login', '/login?redirect=%2Fprofile%3Ftab%3Dsecurity']) {
      const response = await login(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body, url).toBe(LOGIN_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers.vary)).toMatch(/cookie/i);
    }
  });

  it('sends the app when the address changes what the page first draws', async () => {
    for (const url of [
      '/login?intent=premium',
      '/login?redirect=%2Fdashboard&intent=premium',
      '/login?error=TOKEN_EXPIRED',
      '/login?verified=1',
    ]) {
      const response = await login(url);
      expect(response.statusCode, url).toBe(200);
      expect(withoutTestToolsMark(response.body), url).toBe(INDEX_HTML);
      expect(String(response.headers.vary), url).toMatch(/cookie/i);
    }
  });

  it('sends a signed-in browser the app, which sends them on', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const response = await login('/login', { cookie });
    // The app's page with the session it starts from (ADR 050), which is personal: never stored.
    expect(response.body).toContain(
      '<div id="root"><main id="main-content"><!--first-screen--></main></div>',
    );
    expect(response.body).toContain(`id="${APP_BOOTSTRAP_ELEMENT_ID}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers.vary)).toMatch(/cookie/i);
    const forged = await login('/login', { cookie: 'daybook.session_token=abc.c2lnbmF0dXJl' });
    expect(forged.body).toBe(LOGIN_HTML);
  });

  it('answers HEAD like GET', async () => {
    const head = await ctx.app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});
