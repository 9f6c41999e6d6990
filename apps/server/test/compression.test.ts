import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD, negotiateEncoding } from '../src/infra/http/compression.ts';
import { useTestApp } from './support/app.ts';
import { withoutTestToolsMark } from './support/web-build.ts';

// A built web app in miniature: index.html and one hashed script, each with the .br and .gz the build writes.
const distDir = mkdtempSync(path.join(os.tmpdir(), 'daybook-dist-'));
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/main-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
mkdirSync(path.join(distDir, 'assets'));
for (const [file, text] of [
  ['assets/main-abc123.js', script],
  ['index.html', indexHtml],
] as const) {
  writeFileSync(path.join(distDir, file), text);
  writeFileSync(path.join(distDir, `${file}.br`), brotliCompressSync(text));
  writeFileSync(path.join(distDir, `${file}.gz`), gzipSync(text));
}
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

// One app (and database) for the whole file: the embedded database is slow to create on a busy machine.
const ctx = useTestApp({ WEB_DIST_DIR: distDir });

describe('precompressed web files', () => {
  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the Brotli file to a browser that takes it, cached for a year as immutable', async () => {
    const response = await get('/assets/main-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file when Brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/main-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('sends the app shell compressed and revalidated on every visit', async () => {
    const response = await get('/dashboard', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(withoutTestToolsMark(brotliDecompressSync(response.rawPayload).toString())).toBe(indexHtml);
  });
});

describe('JSON answers', () => {
  it('compresses a large answer as the client accepts, and says it varies on Accept-Encoding', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    const br = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});

describe('negotiateEncoding', () => {
  it('prefers Brotli, honours q-values and refusals, and reads *', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});
