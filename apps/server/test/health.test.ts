import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app.ts';

describe('GET /api/health', () => {
  const ctx = useTestApp();

  it('reports the database as up, with the driver in use', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: 'up',
      driver: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    // WebAssembly may be compiled (private mode's Argon2id, ADR 089); JavaScript may still not be evaluated.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/'unsafe-eval'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it('sends the same security headers on errors, and lets the API reference keep its own CSP', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'].map(
          (name) => [name, headers[name]],
        ),
      );
    for (const request of [
      { method: 'GET', url: '/api/no-such-thing' },
      { method: 'GET', url: '/api/entries' },
      {
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: '{bad',
      },
    ] as const) {
      const response = await ctx.app.inject(request);
      expect(response.statusCode, request.url).toBeGreaterThanOrEqual(400);
      expect(security(response.headers), request.url).toEqual(security(ok.headers));
    }
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API routes with a typed 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves an OpenAPI document generated from the shared schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/pricing', '/api/contact']),
    );
    expect(document.components.schemas).toHaveProperty('PricingResponse');
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe('the web app fallback', () => {
  const ctx = useTestApp();

  it('answers client routes with the app shell and missing files with 404', async () => {
    // No build in this test's config: the shell route says how to build it; a missing asset is a plain 404.
    const route = await ctx.app.inject({ method: 'GET', url: '/dashboard?date=2026-11-21' });
    expect(route.statusCode).toBe(503);
    expect(route.body).toContain('npm run build');
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    const post = await ctx.app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.statusCode).toBe(404);
  });
});
