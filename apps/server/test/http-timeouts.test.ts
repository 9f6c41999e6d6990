import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaDrafts } from '../src/db/schema/index.ts';
import type { HttpTimeouts } from '../src/infra/http/timeouts.ts';
import { useTestApp } from './support/app.ts';
import { createSignedInUser } from './support/factories.ts';

/** The production rules at a test's pace: the same checks, windows of a fraction of a second. */
const timeouts: HttpTimeouts = {
  headersMs: 500,
  jsonBodyMs: 800,
  // Longer than the slow but progressing upload below takes.
  uploadBodyMs: 10_000,
  socketIdleMs: 10_000,
  keepAliveMs: 300,
  minimumRate: { minBytes: 4 * 1024, windowMs: 600 },
};
/** How late a cut may come on a busy two-core machine, beyond its own deadline. */
const SLACK_MS = 2_000;

/** A raw client connection: what the server sent, and when it closed the connection. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  // The server cutting the connection may surface as a reset; the 'close' below is what the tests look at.
  socket.on('error', () => {});
  const closed = new Promise<{ at: number; received: string }>((resolve) =>
    socket.on('close', () => resolve({ at: performance.now(), received: Buffer.concat(chunks).toString() })),
  );
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, connected };
}

function requestHead(method: string, url: string, headers: Record<string, string | number>): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return [`${method} ${url} HTTP/1.1`, 'host: 127.0.0.1', ...lines, '', ''].join('\r\n');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

/** A PNG of random pixels: it does not compress, so it is large enough to send slowly. */
const noisePng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

function multipartParts(file: Buffer) {
  const boundary = `----daybook${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, file, tail, boundary, length: head.length + file.length + tail.length };
}

describe('HTTP timeouts on a listening server', () => {
  const ctx = useTestApp({}, { httpTimeouts: timeouts });
  let port: number;
  const tmpDir = () => path.join(ctx.config.dataDir, 'tmp');

  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  async function uploadHead(cookie: string, contentLength: number, boundary: string) {
    return requestHead('POST', '/api/media/drafts?mediaType=image', {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': contentLength,
    });
  }

  it('answers half-sent headers with 408 and closes the connection after the headers timeout', async () => {
    const client = connect(port);
    await client.connected;
    const sentAt = performance.now();
    client.socket.write(
      'POST /api/contact HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n',
    );

    const { at, received } = await client.closed;
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(at - sentAt).toBeGreaterThanOrEqual(timeouts.headersMs - 50);
    expect(at - sentAt).toBeLessThan(timeouts.headersMs + SLACK_MS);
  });

  it('cuts a stalled upload within the minimum-rate window and leaves no file and no draft', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const parts = multipartParts(await noisePng(200));
    const client = connect(port);
    await client.connected;
    client.socket.write(await uploadHead(cookie, parts.length, parts.boundary));
    client.socket.write(parts.head);
    client.socket.write(parts.file.subarray(0, 1_000));

    // The server has started writing the upload to its temporary file…
    await vi.waitFor(() => expect(filesUnder(tmpDir())).toHaveLength(1), { timeout: 5_000, interval: 20 });
    const stalledAt = performance.now();
    // …and the client sends nothing more.
    const { at } = await client.closed;
    expect(at - stalledAt).toBeLessThan(timeouts.minimumRate.windowMs + SLACK_MS);

    await vi.waitFor(() => expect(filesUnder(tmpDir())).toEqual([]), { timeout: 5_000, interval: 20 });
    expect(await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.userId, user.id))).toEqual(
      [],
    );
  });

  it('cuts an upload that stalls before its file part begins', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const parts = multipartParts(await noisePng(200));
    const client = connect(port);
    await client.connected;
    client.socket.write(await uploadHead(cookie, parts.length, parts.boundary));
    const stalledAt = performance.now();
    client.socket.write(parts.head.subarray(0, 20));

    const { at } = await client.closed;
    expect(at - stalledAt).toBeLessThan(timeouts.minimumRate.windowMs + SLACK_MS);
    expect(filesUnder(tmpDir())).toEqual([]);
  });

  it('still cuts a body that trickles in after an early answer (401 before the upload is read)', async () => {
    const parts = multipartParts(await noisePng(200));
    const client = connect(port);
    await client.connected;
    client.socket.write(await uploadHead('', parts.length, parts.boundary));
    client.socket.write(parts.head);
    const answeredAt = await new Promise<number>((resolve) =>
      client.socket.once('data', () => resolve(performance.now())),
    );
    let isClosed = false;
    void client.closed.then(() => {
      isClosed = true;
    });
    // The client keeps sending, so the socket is never idle; the server closes the connection once its answer
    // has gone rather than read a body it refused (see below for a trickle above the minimum rate).
    for (let offset = 0; !isClosed && offset < parts.file.length; offset += 100) {
      client.socket.write(parts.file.subarray(offset, offset + 100));
      await pause(100);
    }

    const { at, received } = await client.closed;
    expect(received).toMatch(/^HTTP\/1\.1 401/);
    expect(at - answeredAt).toBeLessThan(timeouts.minimumRate.windowMs + SLACK_MS);
  });

  it('lets a slow but progressing upload take longer than any JSON request may', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const parts = multipartParts(await noisePng(120));
    // The moderation model loads on first use: seconds on a busy machine with no byte on the wire, which the
    // socket idle timeout would count. Loaded first, the wait after the upload is the upload's own work.
    await ctx.app.services.media.moderateImage(await noisePng(8));
    const client = connect(port);
    await client.connected;
    const head = requestHead('POST', '/api/media/drafts?mediaType=image', {
      cookie,
      connection: 'close',
      'content-type': `multipart/form-data; boundary=${parts.boundary}`,
      'content-length': parts.length,
    });
    client.socket.write(head);
    const startedAt = performance.now();
    const body = Buffer.concat([parts.head, parts.file, parts.tail]);
    // About 25 KB/s: well above the minimum rate, yet longer in all than the JSON body deadline.
    const chunk = 1_024;
    for (let offset = 0; offset < body.length; offset += chunk) {
      client.socket.write(body.subarray(offset, offset + chunk));
      await pause(40);
    }
    expect(performance.now() - startedAt).toBeGreaterThan(
      timeouts.jsonBodyMs + timeouts.minimumRate.windowMs,
    );

    const { received } = await client.closed;
    expect(received).toMatch(/^HTTP\/1\.1 201/);
    const drafts = await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.userId, user.id));
    expect(drafts).toHaveLength(1);
    expect(filesUnder(tmpDir())).toEqual([]);
  });

  it('cuts a JSON body still arriving after the JSON body deadline, even at a steady rate', async () => {
    const client = connect(port);
    await client.connected;
    const totalBytes = 200_000;
    client.socket.write(
      requestHead('POST', '/api/contact', {
        'content-type': 'application/json',
        'content-length': totalBytes,
      }),
    );
    const startedAt = performance.now();
    let sent = 0;
    let isClosed = false;
    void client.closed.then(() => {
      isClosed = true;
    });
    // Above the minimum rate, so only the deadline can end it; the whole body would take 20 s.
    while (!isClosed && sent < totalBytes) {
      client.socket.write(' '.repeat(1_000));
      sent += 1_000;
      await pause(100);
    }
    const { at } = await client.closed;
    expect(sent).toBeLessThan(totalBytes);
    expect(at - startedAt).toBeGreaterThanOrEqual(timeouts.jsonBodyMs - 50);
    expect(at - startedAt).toBeLessThan(timeouts.jsonBodyMs + SLACK_MS);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const client = connect(port);
    await client.connected;
    const answered = new Promise<number>((resolve) =>
      client.socket.once('data', () => resolve(performance.now())),
    );
    client.socket.write(requestHead('GET', '/api/health', {}));
    const answeredAt = await answered;

    const { at, received } = await client.closed;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(at - answeredAt).toBeLessThan(timeouts.keepAliveMs + SLACK_MS);
  });
});

describe('uploads that trickle in just above the minimum rate', () => {
  /** About 1 KiB/s (the trickle) passes this minimum rate; only the upload deadline can end it. */
  const trickleTimeouts: HttpTimeouts = {
    ...timeouts,
    minimumRate: { minBytes: 256, windowMs: 600 },
    uploadBodyMs: 2_500,
  };
  // One upload per client in ten minutes, so the next one is a 429.
  const ctx = useTestApp({ RATE_LIMIT_SCALE: '0.01' }, { httpTimeouts: trickleTimeouts });
  let port: number;

  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  /** Sends `body` 100 bytes every 100 ms (about 1 KiB/s) until the server closes the connection or it is all sent. */
  async function trickle(client: ReturnType<typeof connect>, body: Buffer) {
    let isClosed = false;
    void client.closed.then(() => {
      isClosed = true;
    });
    let sent = 0;
    while (!isClosed && sent < body.length) {
      client.socket.write(body.subarray(sent, sent + 100));
      sent += 100;
      await pause(100);
    }
    return sent;
  }

  it('cuts an upload still arriving at its deadline, however steadily it trickles', async () => {
    const { user, cookie } = await createSignedInUser(ctx);
    const parts = multipartParts(await noisePng(200));
    const body = Buffer.concat([parts.head, parts.file, parts.tail]);
    const client = connect(port);
    await client.connected;
    const startedAt = performance.now();
    client.socket.write(
      requestHead('POST', '/api/media/drafts?mediaType=image', {
        cookie,
        'content-type': `multipart/form-data; boundary=${parts.boundary}`,
        'content-length': parts.length,
      }),
    );

    const sent = await trickle(client, body);
    const { at, received } = await client.closed;
    // The whole body would have taken minutes at this pace.
    expect(sent).toBeLessThan(body.length);
    expect(received).not.toMatch(/^HTTP\/1\.1 201/);
    expect(at - startedAt).toBeGreaterThanOrEqual(trickleTimeouts.uploadBodyMs - 50);
    expect(at - startedAt).toBeLessThan(trickleTimeouts.uploadBodyMs + SLACK_MS);
    expect(await ctx.database.db.select().from(mediaDrafts).where(eq(mediaDrafts.userId, user.id))).toEqual(
      [],
    );
  });

  it('closes the connection right after a 429, without reading the rest of the upload', async () => {
    const { cookie } = await createSignedInUser(ctx);
    // This machine's one upload of the window, spent (if the test above has not spent it already). The limit is
    // counted once the session is known: a stranger's upload is refused first (401).
    await ctx.app.inject({
      method: 'POST',
      url: '/api/media/drafts?mediaType=image',
      headers: { cookie },
      remoteAddress: '127.0.0.1',
    });
    const parts = multipartParts(await noisePng(200));
    const client = connect(port);
    await client.connected;
    client.socket.write(
      requestHead('POST', '/api/media/drafts?mediaType=image', {
        cookie,
        'content-type': `multipart/form-data; boundary=${parts.boundary}`,
        'content-length': parts.length,
      }),
    );
    const answeredAt = new Promise<number>((resolve) =>
      client.socket.once('data', () => resolve(performance.now())),
    );
    await trickle(client, Buffer.concat([parts.head, parts.file, parts.tail]));

    const { at, received } = await client.closed;
    expect(received).toMatch(/^HTTP\/1\.1 429/);
    expect(received.toLowerCase()).toContain('connection: close');
    // Gone with the answer: not at the upload deadline, nor at the minimum-rate window.
    expect(at - (await answeredAt)).toBeLessThan(trickleTimeouts.minimumRate.windowMs);
  });
});
