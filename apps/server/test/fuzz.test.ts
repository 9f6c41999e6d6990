import { randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../src/db/schema/index.ts';
import { useTestApp } from './support/app.ts';
import {
  browserEncrypt,
  createEntry,
  createSignedInUser,
  createUser,
  latestMailTo,
  register,
  STRONG_PASSWORD,
  sessionCookie,
  signIn,
} from './support/factories.ts';
import {
  createRng,
  damagedFiles,
  type FileCorpus,
  type FuzzRequest,
  type Hints,
  malformedRawRequests,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  planRequest,
  pngHeaderOnly,
  rawHttp,
  SchemaSampler,
} from './support/fuzz.ts';
import { multipart, wav } from './support/media.ts';
import { INDEX_HTML } from './support/web-build.ts';

/**
 * Sends more than 10,000 generated requests to every operation of our own OpenAPI document, signed in and out,
 * valid-looking and broken, and fails on any 5xx, any crash, or any error answer without a code (ADR 017).
 * Replay a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run test/fuzz.test.ts. For a hunt:
 * FUZZ_REQUESTS=50000 (more requests), FUZZ_LOG=error (the server's stack traces), FUZZ_SHOW=n (list more
 * failures), FUZZ_SHOW_STATUS=406 (list every answer with that status), FUZZ_TIMING=1 (time per operation).
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
const INJECTED = Number(process.env.FUZZ_REQUESTS ?? 9_750);
const THROUGH_SOCKET = 300;
const CONCURRENCY = 4;
const SHOWN = Number(process.env.FUZZ_SHOW ?? 100);
/**
 * Operations whose valid-looking requests are slow on purpose (image classification, password hashing) get a
 * smaller share, so the run stays within a minute or two; every other operation gets an equal share.
 */
const WEIGHTS: Record<string, number> = {
  'POST /api/moderation/image': 0.3,
  'POST /api/moderation/video': 0.25,
  'POST /api/auth/sign-in': 0.6,
  'POST /api/auth/register': 0.6,
  'POST /api/me/password': 0.6,
  'POST /api/me/email': 0.6,
  // An event stream never finishes, and inject() waits for the end of an answer: the socket phase covers it.
  'GET /api/events': 0,
};

/** Routes the document hides (served to browsers, not API clients) still take input. */
const HIDDEN_OPERATIONS: Operation[] = [
  {
    method: 'GET',
    path: '/api/media/file',
    bodyRequired: false,
    parameters: ['path', 'expires', 'type', 'signature'].map((name) => ({
      name,
      in: 'query',
      required: true,
      schema: { type: 'string' },
    })),
  },
  {
    method: 'GET',
    path: '/api/avatars/{userId}',
    bodyRequired: false,
    parameters: [{ name: 'userId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
  },
  {
    method: 'GET',
    path: '/api/auth/verify-email',
    bodyRequired: false,
    parameters: [
      { name: 'token', in: 'query', required: true, schema: { type: 'string' } },
      { name: 'callbackURL', in: 'query', schema: { type: 'string' } },
    ],
  },
  {
    method: 'GET',
    path: '/api/auth/reset-password/{token}',
    bodyRequired: false,
    parameters: [
      { name: 'token', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'callbackURL', in: 'query', schema: { type: 'string' } },
    ],
  },
];

/** A one-file web build, so that paths outside the API meet the real static serving and not a "not built" page. */
function webBuild(): string {
  const dir = path.join(os.tmpdir(), `daybook-fuzz-web-${process.pid}`);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'export {};');
  return dir;
}

type Outcome = { status: number | null; body: string; error?: string };
type Failure = { request: FuzzRequest | { operation: string; how: string[]; raw: Buffer }; outcome: Outcome };

const clip = (text: string, max = 400) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

function describePayload(payload: string | Buffer | undefined): string {
  if (payload === undefined) return '(none)';
  if (typeof payload === 'string') return clip(JSON.stringify(payload));
  const isText = payload
    .subarray(0, 200)
    .every((b) => b === 9 || b === 10 || b === 13 || (b >= 32 && b < 127));
  return isText
    ? clip(JSON.stringify(payload.toString('latin1')))
    : `<${payload.length} bytes: ${payload.subarray(0, 48).toString('hex')}…>`;
}

function report(failures: Failure[]): string {
  const counts = new Map<string, number>();
  for (const { request, outcome } of failures) {
    const key = `${request.operation} → ${outcome.status ?? 'no answer'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const lines = [
    `${failures.length} failing request(s); replay with FUZZ_SEED=${SEED}`,
    ...[...counts].map(([key, n]) => `  ${n} × ${key}`),
  ];
  for (const { request, outcome } of failures.slice(0, SHOWN)) {
    lines.push(`\n● ${request.operation} — ${request.how.join('; ')}`);
    if ('raw' in request) {
      lines.push(`  raw request: ${describePayload(request.raw)}`);
    } else {
      lines.push(`  ${request.method} ${clip(request.url, 300)}${request.signedIn ? ' (signed in)' : ''}`);
      const headers = Object.entries(request.headers).map(([k, v]) => `${k}: ${clip(v, 120)}`);
      if (headers.length > 0) lines.push(`  headers: ${headers.join(' | ')}`);
      lines.push(`  body: ${describePayload(request.payload)}`);
    }
    lines.push(
      `  → ${outcome.status ?? 'no answer'} ${clip(outcome.body, 300)}${outcome.error ? ` [${outcome.error}]` : ''}`,
    );
  }
  if (failures.length > SHOWN) lines.push(`\n… and ${failures.length - SHOWN} more (FUZZ_SHOW=n shows more)`);
  return lines.join('\n');
}

/**
 * What the API may answer. Bad input gets 400/413/415/422 (414 for an over-long path segment); the rest are the
 * answers of requests that are well-formed but not allowed (signed out, locked, rate-limited, not found…). A page
 * asked for with `If-None-Match: *` exists, so a GET of it rightly answers 304 (RFC 9110, 13.1.2). An upload for
 * import is 202: a job checks it later, and refuses it there (ADR 077).
 */
const EXPECTED_STATUSES = new Set([
  200, 201, 202, 204, 206, 302, 304, 400, 401, 403, 404, 409, 413, 414, 415, 416, 422, 423, 429,
]);

/** An error answer must say what went wrong with a code from the catalogue (a byte-range refusal excepted). */
function isFailure(outcome: Outcome): boolean {
  if (outcome.status === null || !EXPECTED_STATUSES.has(outcome.status)) return true;
  if (outcome.status < 400 || outcome.status === 416) return false;
  try {
    return typeof JSON.parse(outcome.body).code !== 'string';
  } catch {
    return true;
  }
}

async function runPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Sends raw bytes and reads the status line; a request that gets no answer in time is recorded as such. The wait
 * is long because "no answer" must mean a hang, not a slow answer: five video frames through the image moderator
 * on a loaded 2-core CI machine have taken more than 5 s.
 */
function sendRaw(port: number, bytes: Buffer, timeoutMs = 30_000): Promise<Outcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1');
    let error: string | undefined;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      // The last status line: a 100 Continue comes before the real answer.
      const status = [...text.matchAll(/^HTTP\/1\.[01] (\d{3})/gm)].pop()?.[1];
      const bodyStart = text.indexOf('\r\n\r\n');
      resolve({
        status: status ? Number(status) : null,
        body: bodyStart >= 0 ? text.slice(bodyStart + 4) : text,
        error,
      });
    };
    const timer = setTimeout(() => {
      error = 'timed out';
      done();
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (e) => {
      error = e.message;
    });
    socket.on('close', done);
    socket.write(bytes);
  });
}

describe('fuzzing the API from its OpenAPI document', () => {
  const ctx = useTestApp({
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_SCALE: '1000000',
    WEB_DIST_DIR: webBuild(),
    ...(process.env.FUZZ_LOG ? { LOG_LEVEL: process.env.FUZZ_LOG } : {}),
  });

  const crashes: string[] = [];
  const onCrash = (error: unknown) => crashes.push(String((error as Error)?.stack ?? error));
  beforeAll(() => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
  });
  afterAll(() => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  });

  describe('findings stay fixed (each answered 500 before)', () => {
    const code = (response: { statusCode: number; body: string }) => [
      response.statusCode,
      JSON.parse(response.body).code,
    ];

    it('refuses dates PostgreSQL cannot store: year 0, beyond 9999, instants that cross out of range', async () => {
      const { cookie } = await createSignedInUser(ctx);
      const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      for (const url of [
        '/api/entries?from=0000-01-01T00:00:00Z',
        '/api/entries?date=0000-12-31',
        '/api/entries?to=9999-12-31T23:59:59.999-23:59',
        '/api/entries?date=2023-02-29',
        `/api/entries/search-candidates?to=${encodeURIComponent('0001-01-01T00:00:00+14:00')}`,
        '/api/entries/search-candidates?date=1899-12-31',
        '/api/entries/calendar?month=0000-01',
      ]) {
        expect(code(await get(url)), url).toEqual([400, 'VALIDATION_FAILED']);
      }
      expect((await get('/api/entries?date=2024-02-29&from=1900-01-01T00:00:00Z')).statusCode).toBe(200);
      expect((await get('/api/entries/calendar?month=9999-12')).statusCode).toBe(200);
    });

    it('refuses NUL and other control characters in text it stores', async () => {
      const { cookie } = await createSignedInUser(ctx);
      const contact = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {
          name: 'a\u0000b',
          email: 'ada@example.com',
          subject: 'Hi',
          message: 'Long enough message.',
        },
      });
      expect(code(contact)).toEqual([400, 'VALIDATION_FAILED']);
      const profile = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie },
        payload: { fullName: 'Ada\u0000' },
      });
      expect(code(profile)).toEqual([400, 'VALIDATION_FAILED']);
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 'a\u0000b', password: 'Quiet-River-43', confirmPassword: 'Quiet-River-43' },
      });
      expect(code(reset)).toEqual([400, 'VALIDATION_FAILED']);
      // Line breaks and tabs are text, not control input.
      const multiline = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Two lines:\n\tindented.' },
      });
      expect(multiline.statusCode).toBe(201);
    });

    it('answers 422 for an image the decoder cannot read, 400/415 for a broken upload', async () => {
      const { user, cookie } = await createSignedInUser(ctx);
      await ctx.database.db
        .update(subscriptions)
        .set({ planId: 'premium' })
        .where(eq(subscriptions.userId, user.id));
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6b5f' } })
        .png()
        .toBuffer();
      const truncated = png.subarray(0, Math.floor(png.length / 2));
      const moderated = await ctx.app.inject({
        method: 'POST',
        url: '/api/moderation/image',
        headers: { cookie },
        payload: { imageData: `data:image/png;base64,${truncated.toString('base64')}` },
      });
      expect(code(moderated)).toEqual([422, 'MEDIA_UNREADABLE']);
      const upload = (payload: Buffer | string, contentType: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/media/drafts?mediaType=image',
          headers: { cookie, 'content-type': contentType },
          payload,
        });
      const body = multipart(truncated, { contentType: 'image/png' });
      expect(code(await upload(body.payload, body.headers['content-type']))).toEqual([
        422,
        'MEDIA_UNREADABLE',
      ]);
      expect(code(await upload(body.payload, 'multipart/form-data; boundary=other'))).toEqual([
        400,
        'MEDIA_INVALID',
      ]);
      expect(code(await upload('{}', 'application/json'))).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      const jsonField =
        '--b\r\nContent-Disposition: form-data; name="note"\r\nContent-Type: application/json\r\n\r\n{\r\n--b--\r\n';
      expect(code(await upload(jsonField, 'multipart/form-data; boundary=b'))).toEqual([
        400,
        'MEDIA_INVALID',
      ]);
    });

    it('validates the e-mail links before better-auth sees them', async () => {
      for (const url of [
        '/api/auth/verify-email?token=abc&callbackURL=not-a-url',
        '/api/auth/verify-email?token=abc&callbackURL=%2F%2Fevil.example',
        '/api/auth/verify-email?token=a%00b',
        '/api/auth/reset-password/.?callbackURL=%2Freset-password',
        '/api/auth/reset-password/abc?callbackURL=javascript%3Aalert(1)',
      ]) {
        expect(code(await ctx.app.inject({ method: 'GET', url })), url).toEqual([400, 'VALIDATION_FAILED']);
      }
      const unknown = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard',
      });
      expect(unknown.statusCode).toBe(302);
      expect(unknown.headers.location).toMatch(/^\/dashboard\?error=/);
    });
  });

  it(`answers ${INJECTED + THROUGH_SOCKET}+ generated requests without a 5xx, a crash or an uncoded error`, async () => {
    console.info(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run test/fuzz.test.ts)`);
    const rng = createRng(SEED);

    // The signed-in side: a Premium user (so uploads reach every check) with an entry, a media entry and a
    // second session; a decoy whose address the generator may lock out without locking out the user.
    const main = await createSignedInUser(ctx);
    await ctx.database.db
      .update(subscriptions)
      .set({ planId: 'premium' })
      .where(eq(subscriptions.userId, main.user.id));
    let cookie = main.cookie;
    const decoy = await createUser(ctx);
    const otherSession = await signIn(ctx, main.user.email);
    const otherSessionId = (
      await ctx.app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie } })
    )
      .json()
      .sessions.find((s: { isCurrent: boolean }) => !s.isCurrent)?.id;
    expect(otherSession.statusCode).toBe(200);

    const goodPng = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6b5f' } })
      .png()
      .toBuffer();
    const good: FileCorpus = [
      { name: 'PNG', bytes: goodPng, contentType: 'image/png' },
      { name: 'JPEG', bytes: await sharp(goodPng).jpeg().toBuffer(), contentType: 'image/jpeg' },
      { name: 'WebP', bytes: await sharp(goodPng).webp().toBuffer(), contentType: 'image/webp' },
      { name: 'GIF', bytes: await sharp(goodPng).gif().toBuffer(), contentType: 'image/gif' },
      { name: 'WAV', bytes: wav(1), contentType: 'audio/wav' },
    ];
    const files: FileCorpus = [
      ...good,
      ...damagedFiles(rng, good),
      {
        name: 'PNG claiming 100000×100000 px',
        bytes: pngHeaderOnly(100_000, 100_000),
        contentType: 'image/png',
      },
      { name: 'PNG claiming 0×0 px', bytes: pngHeaderOnly(0, 0), contentType: 'image/png' },
      {
        name: 'WebM header + garbage',
        bytes: Buffer.concat([
          Buffer.from('1a45dfa3a34286810142f7810142f2810442f381084282847765626d', 'hex'),
          rng.bytes(4000),
        ]),
        contentType: 'video/webm',
      },
      {
        name: 'MP4 header + garbage',
        bytes: Buffer.concat([Buffer.from('0000001866747970697336', 'hex'), rng.bytes(3000)]),
        contentType: 'video/mp4',
      },
      {
        name: 'SVG',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        contentType: 'image/svg+xml',
      },
      { name: 'random bytes', bytes: rng.bytes(4096), contentType: 'application/octet-stream' },
      { name: 'empty file', bytes: Buffer.alloc(0), contentType: 'image/png' },
      {
        name: 'PNG over 6 MB',
        bytes: Buffer.concat([goodPng, Buffer.alloc(6 * 1024 * 1024)]),
        contentType: 'image/png',
      },
    ];

    // One entry with media, so that media links, drafts and signed URLs have real values to start from.
    const upload = (file: Buffer) => {
      const body = multipart(file, { contentType: 'image/png' });
      return ctx.app.inject({
        method: 'POST',
        url: '/api/media/drafts?mediaType=image',
        headers: { cookie, ...body.headers },
        payload: body.payload,
      });
    };
    const draft = await upload(goodPng);
    expect(draft.statusCode, draft.body).toBe(201);
    const mediaEntry = await ctx.app.inject({
      method: 'POST',
      url: '/api/entries',
      headers: { cookie },
      payload: { ...(await browserEncrypt(ctx, cookie, main.user.id, '')), mediaDraftId: draft.json().id },
    });
    expect(mediaEntry.statusCode, mediaEntry.body).toBe(201);
    const textEntry = await createEntry(ctx, cookie, main.user.id, 'A quiet walk by the river.');
    expect(textEntry.statusCode, textEntry.body).toBe(201);
    const signed = new URL(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/entries/${mediaEntry.json().entry.id}/media-url`,
          headers: { cookie },
        })
      ).json().url,
    ).searchParams;
    const spareDraft = await upload(goodPng);

    // Real tokens from e-mails: a verification link for an unconfirmed account, a reset link for the decoy.
    const unconfirmed = await register(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: decoy.email },
    });
    // Mail may be queued in the background; a token that has not arrived yet is simply not used.
    const tokenFrom = async (address: string) => {
      const link = (await latestMailTo(ctx, address))?.link;
      if (!link) return [];
      const url = new URL(link);
      return [url.searchParams.get('token') ?? url.pathname.split('/').pop()!];
    };
    const tokens = [...(await tokenFrom(unconfirmed.email)), ...(await tokenFrom(decoy.email))];

    const pngDataUrl = `data:image/png;base64,${goodPng.toString('base64')}`;
    const sealed = await Promise.all(
      ['Grateful for tea.', 'Long day.\nStill, the garden.', 'ünïcødé ✓ 日記'].map((text) =>
        browserEncrypt(ctx, cookie, main.user.id, text),
      ),
    );
    const hints: Hints = {
      id: [textEntry.json().entry.id, mediaEntry.json().entry.id, otherSessionId],
      userId: [main.user.id, decoy.id],
      mediaDraftId: [spareDraft.json().id, draft.json().id],
      email: [decoy.email],
      newEmail: [decoy.email],
      password: [STRONG_PASSWORD],
      path: [signed.get('path')],
      expires: [signed.get('expires')],
      type: [signed.get('type')],
      signature: [signed.get('signature')],
      token: tokens,
      callbackURL: ['/dashboard', 'https://evil.example/', '//evil.example', 'javascript:alert(1)'],
    };
    const examples = {
      'POST /api/entries': sealed.map((s, i) => ({ ...s, moodTag: i === 0 ? 'Grateful' : null })),
      'PATCH /api/entries/{id}': sealed,
      'POST /api/auth/sign-in': [{ email: decoy.email, password: STRONG_PASSWORD }],
      'POST /api/auth/login-status': [{ email: decoy.email }],
      'POST /api/moderation/image': [{ imageData: pngDataUrl }],
      'POST /api/moderation/video': [{ frames: [pngDataUrl, pngDataUrl] }],
      'POST /api/contact': [
        {
          name: 'Ada',
          email: 'ada@example.com',
          topic: 'support',
          subject: 'Hello',
          message: 'A message long enough.',
        },
      ],
    };

    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const document = docs.json() as OpenApiDocument;
    const operations = [...operationsOf(document), ...HIDDEN_OPERATIONS];
    expect(operations.length).toBeGreaterThan(30);
    const sampler = new SchemaSampler(document, rng, hints, { imageDataUrl: pngDataUrl });
    const weightOf = (operation: Operation) => WEIGHTS[`${operation.method} ${operation.path}`] ?? 1;
    const share = INJECTED / operations.reduce((sum, operation) => sum + weightOf(operation), 0);

    const failures: Failure[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    /** Through a socket, Node's HTTP parser answers some requests itself (400, 431) before the app sees them. */
    const record = (request: Failure['request'], outcome: Outcome, viaSocket = false) => {
      sent++;
      if (outcome.status !== null) statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      const failed = viaSocket ? outcome.status === null || outcome.status >= 500 : isFailure(outcome);
      if (failed || String(outcome.status) === process.env.FUZZ_SHOW_STATUS)
        failures.push({ request, outcome });
    };

    for (const operation of operations) {
      const started = performance.now();
      const requests = Array.from({ length: Math.ceil(share * weightOf(operation)) }, () =>
        planRequest(operation, { rng, sampler, examples, files, cookie }),
      );
      await runPool(requests, CONCURRENCY, async (request) => {
        const headers = { ...request.headers };
        if (request.signedIn && headers.cookie === undefined) headers.cookie = cookie;
        try {
          const response = await ctx.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers,
            payload: request.payload,
          });
          record(request, { status: response.statusCode, body: response.body });
        } catch (error) {
          record(request, { status: null, body: '', error: String(error) });
        }
      });
      // Sign-out, session revocation and password changes may end the session the rest of the run uses.
      const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      if (session.json().user === null) {
        const again = await signIn(ctx, main.user.email);
        expect(again.statusCode, `signing in again after ${operation.method} ${operation.path}`).toBe(200);
        cookie = sessionCookie(again.headers['set-cookie']);
      }
      if (process.env.FUZZ_TIMING)
        console.info(`${operation.method} ${operation.path}: ${Math.round(performance.now() - started)} ms`);
    }

    // Through a real socket: the same generator serialised by hand, then requests no client library would send.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    // A 5xx the client never sees (its connection already gone) still counts: watch the server's own answers.
    ctx.app.server.on('request', (req, res) => {
      res.on('close', () => {
        if (res.statusCode >= 500)
          failures.push({
            request: {
              operation: 'socket',
              how: ['seen by the server'],
              raw: Buffer.from(`${req.method} ${req.url}`),
            },
            outcome: { status: res.statusCode, body: '' },
          });
      });
    });
    const { port } = ctx.app.server.address() as net.AddressInfo;
    const host = `127.0.0.1:${port}`;
    const viaSocket: FuzzRequest[] = [];
    while (viaSocket.length < THROUGH_SOCKET) {
      const request = planRequest(rng.pick(operations), { rng, sampler, examples, files, cookie });
      // Bodies the server refuses before reading them all end the connection mid-write; inject covered those.
      if ((request.payload?.length ?? 0) <= 512 * 1024) viaSocket.push(request);
    }
    await runPool(viaSocket, CONCURRENCY, async (request) => {
      record(request, await sendRaw(port, rawHttp(request, host, cookie)), true);
    });
    for (const { how, bytes } of malformedRawRequests(host, cookie)) {
      const outcome = await sendRaw(port, bytes, 2000);
      // A parser may close the connection without an answer; it must never answer 5xx, and must keep serving.
      sent++;
      if (outcome.status !== null && outcome.status >= 500)
        failures.push({ request: { operation: 'raw HTTP', how: [how], raw: bytes }, outcome });
    }
    const health = await sendRaw(
      port,
      Buffer.from(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    expect(health.status, 'the server still answers after the run').toBe(200);

    console.info(
      `fuzz: ${sent} requests over ${operations.length} operations; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(crashes, 'uncaught errors during the run').toEqual([]);
    expect(failures.length, report(failures)).toBe(0);
    expect(sent).toBeGreaterThanOrEqual(10_000);
  }, 600_000);
});
