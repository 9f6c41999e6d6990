import { TEST_TOOLS_META } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app.ts';
import { fakeWebBuild, INDEX_HTML } from './support/web-build.ts';

describe('serving the web app', () => {
  // Test tools off, as in production: the document is the build's own (they are tested on below).
  const ctx = useTestApp({ WEB_DIST_DIR: fakeWebBuild(), TEST_TOOLS: 'off' });
  const request = (method: 'GET' | 'HEAD', url: string) => ctx.app.inject({ method, url });

  it.each(['/', '/dashboard', '/pricing/', '/edit-entry/0b1c', '/share/abc?x=1'])(
    'answers the page %s with the app and 200',
    async (url) => {
      const response = await request('GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it.each(['/no-such-page', '/dashboard/extra', '/test-accounts', '/dev/mail-ish'])(
    'answers %s, which is no page of the app, with the app (its "Page not found") and 404',
    async (url) => {
      const response = await request('GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('answers HEAD like GET, without a body', async () => {
    for (const url of ['/', '/dashboard', '/no-such-page', '/assets/app-1234.js']) {
      const [get, head] = await Promise.all([request('GET', url), request('HEAD', url)]);
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.body, url).toBe('');
    }
  });

  it('serves built files, and a missing one is a plain 404', async () => {
    const asset = await request('GET', '/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await request('GET', '/assets/gone-5678.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('has the browser ask again for the service worker and the manifest, which keep their names (ADR 040)', async () => {
    const worker = await request('GET', '/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache, max-age=0');
    const manifest = await request('GET', '/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache, max-age=0');
  });

  it('keeps unknown API routes a JSON 404', async () => {
    const response = await request('GET', '/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

/** docs/product/plans-billing.md#plans-test-tools: /test-accounts is registered only in a non-production or test environment (ADR 057). */
const TEST_TOOLS_MARK = `<meta name="${TEST_TOOLS_META.name}" content="${TEST_TOOLS_META.content}">`;

describe('the test-tool pages in production', () => {
  const ctx = useTestApp({
    WEB_DIST_DIR: fakeWebBuild(),
    NODE_ENV: 'production',
    APP_URL: 'http://journal.example',
  });

  it('has no /test-accounts page: a 404 whose document does not tell the app to register it', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/test-accounts',
      remoteAddress: '127.0.0.1',
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.body).not.toContain(TEST_TOOLS_META.name);
    const page = await ctx.app.inject({ method: 'GET', url: '/pricing' });
    expect(page.body).not.toContain(TEST_TOOLS_META.name);
  });
});

describe('the test-tool pages with test tools on (development, the end-to-end runs)', () => {
  const ctx = useTestApp({ WEB_DIST_DIR: fakeWebBuild(), TEST_TOOLS: 'on' });

  it('answers /test-accounts with 200, and every document tells the app to register it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/test-accounts' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<head>${TEST_TOOLS_MARK}`);
    expect(response.body.replace(TEST_TOOLS_MARK, '')).toBe(INDEX_HTML);
    const other = await ctx.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain(TEST_TOOLS_MARK);
  });
});
