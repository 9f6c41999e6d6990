import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, useTestApp } from './support/app.ts';
import { createEntry, createSignedInUser } from './support/factories.ts';
import { type OpenAiServer, startOpenAiServer } from './support/openai-server.ts';
import { fakeWebBuild, SOURCE_MAP } from './support/web-build.ts';

/** The header every answer carries (ADR 060): the recorders' camera and microphone for the app, nothing else. */
const PERMISSIONS_POLICY =
  'camera=(self), microphone=(self), display-capture=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), ' +
  'midi=(), accelerometer=(), gyroscope=(), magnetometer=()';

const send = (ctx: TestContext, options: InjectOptions) => ctx.app.inject(options);

describe('no API answer is kept by a cache', () => {
  let ai: OpenAiServer;
  beforeAll(async () => {
    ai = await startOpenAiServer();
  });
  afterAll(async () => {
    await ai?.close();
  });
  const ctx = useTestApp(() => ({
    AI_BASE_URL: ai.baseUrl,
    AI_API_KEY: 'sk-test-key',
    AI_MODEL: 'test-model',
  }));

  it('sends Cache-Control: no-store on personal answers, errors and 404s included, and on the AI conversation history', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const entry = (await createEntry(ctx, cookie, user.id, 'A private thought about the sea')).json() as {
      id: string;
    };
    const get = (url: string, withCookie = true) =>
      send(ctx, { method: 'GET', url, headers: withCookie ? { cookie } : {} });

    // A coaching turn: its reply streams, and the conversation is then readable, decrypted, from the history.
    ai.script({ kind: 'stream', pieces: ['The sea seems ', 'to steady you.'] });
    // Read as a browser reads it: over a socket (the reply streams).
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    const turn = await fetch(`http://127.0.0.1:${port}/api/ai/coach/messages`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Why do I feel calmer by the sea?' }),
    });
    expect(turn.status).toBe(200);
    expect(turn.headers.get('cache-control')).toBe('no-store, no-transform');
    const done = /event: done\ndata: (.*)/.exec(await turn.text());
    const { conversationId } = JSON.parse(done![1]!) as { conversationId: string };
    const history = await get(`/api/ai/coach/conversations/${conversationId}`);
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain('The sea seems to steady you.');

    const answers = {
      history,
      conversations: await get('/api/ai/coach/conversations'),
      me: await get('/api/me'),
      session: await get('/api/auth/session'),
      entries: await get('/api/entries'),
      entry: await get(`/api/entries/${entry.id}`),
      salt: await get('/api/encryption/salt'),
      notifications: await get('/api/notifications'),
      subscription: await get('/api/billing/subscription'),
      aiStatus: await get('/api/ai/status'),
      signedOut: await get('/api/me', false),
      noSuchRoute: await get('/api/no-such-route'),
      invalid: await send(ctx, { method: 'POST', url: '/api/entries', headers: { cookie }, payload: {} }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers['cache-control'], name).toBe('no-store');
    }
    expect(answers.signedOut.statusCode).toBe(401);
    expect(answers.noSuchRoute.statusCode).toBe(404);
    expect(answers.invalid.statusCode).toBe(400);
  });

  it('lets the answers meant to be kept say so themselves', async () => {
    const pricing = await send(ctx, { method: 'GET', url: '/api/pricing' });
    expect(pricing.statusCode).toBe(200);
    expect(pricing.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('Permissions-Policy', () => {
  const ctx = useTestApp({ WEB_DIST_DIR: fakeWebBuild() });

  it('is on the pages, the built files and the API answers, allowing only the camera and the microphone, to the app', async () => {
    const answers = await Promise.all(
      ['/', '/dashboard', '/no-such-page', '/assets/app-1234.js', '/api/health', '/api/me'].map((url) =>
        send(ctx, { method: 'GET', url }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 200, 200, 401]);
    for (const answer of answers) expect(answer.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });
});

describe('source maps', () => {
  describe('in production', () => {
    const ctx = useTestApp({
      NODE_ENV: 'production',
      APP_URL: 'https://journal.example',
      WEB_DIST_DIR: fakeWebBuild(),
    });

    it('answers a built source map with a plain 404, while the script itself is served', async () => {
      const script = await send(ctx, { method: 'GET', url: '/assets/app-1234.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).not.toContain('sourceMappingURL');
      for (const url of [SOURCE_MAP, `${SOURCE_MAP}?v=1`]) {
        for (const method of ['GET', 'HEAD'] as const) {
          const map = await send(ctx, { method, url, headers: { 'accept-encoding': 'br, gzip' } });
          expect(map.statusCode, `${method} ${url}`).toBe(404);
          expect(map.body, url).not.toContain('sourcesContent');
        }
      }
      expect((await send(ctx, { method: 'GET', url: SOURCE_MAP })).json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Not found',
      });
    });
  });

  describe('in development', () => {
    const ctx = useTestApp({ WEB_DIST_DIR: fakeWebBuild() });

    it('serves them, for the developer tools', async () => {
      const map = await send(ctx, { method: 'GET', url: SOURCE_MAP });
      expect(map.statusCode).toBe(200);
      expect(map.json()).toMatchObject({ version: 3, file: 'app-1234.js' });
    });
  });
});
