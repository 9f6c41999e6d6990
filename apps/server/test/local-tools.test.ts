import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../src/infra/http/local-only.ts';
import { createMailTransport } from '../src/infra/mail/transport.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import { fakeWebBuild, INDEX_HTML, withoutTestToolsMark } from './support/web-build.ts';

const FORWARDING_HEADERS = {
  'x-forwarded-for': '203.0.113.9',
  'x-forwarded-host': 'journal.example',
  'x-forwarded-proto': 'https',
  forwarded: 'for=203.0.113.9',
  'x-real-ip': '203.0.113.9',
};

/** Each app gets its own data directory (mailbox) and a built web app, so 404 pages are the real ones. */
function settings(extra: Record<string, string> = {}) {
  return {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'daybook-local-tools-')),
    WEB_DIST_DIR: fakeWebBuild(),
    ...extra,
  };
}

/** Listens on 127.0.0.1 so requests arrive over a real loopback socket, and returns the base URL. */
function listenOnLoopback(ctx: TestContext): { base: string } {
  const server = { base: '' };
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    server.base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  return server;
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, body: await response.text(), type: response.headers.get('content-type') };
}

/** Asserts that the three mailbox addresses answer exactly like paths that do not exist. */
async function expectMailboxHidden(base: string, headers: Record<string, string> = {}) {
  const unknownPage = await get(`${base}/dev/nothing-here`, headers);
  expect(unknownPage.status).toBe(404);
  expect(await get(`${base}/dev/mail`, headers)).toEqual(unknownPage);
  for (const apiPath of ['/api/dev/mail', '/api/dev/mail.css']) {
    const answer = await get(`${base}${apiPath}`, headers);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ code: 'NOT_FOUND', message: `No API route GET ${apiPath}` });
  }
}

describe('isLoopbackAddress', () => {
  it('accepts 127.0.0.0/8, ::1 and IPv4-mapped loopback only', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.2']) {
      expect(isLoopbackAddress(address)).toBe(true);
    }
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '::', '128.0.0.1', '1127.0.0.1', '']) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
    expect(isLoopbackAddress(undefined)).toBe(false);
  });
});

describe('local mailbox in development without SMTP_URL', () => {
  const ctx = useTestApp(settings({ NODE_ENV: 'development' }));
  const server = listenOnLoopback(ctx);

  beforeAll(async () => {
    const mail = createMailTransport(ctx.config);
    await mail.send({
      to: 'ada@example.com',
      subject: 'Confirm your e-mail',
      text: 'Open http://x/y',
      html: '',
    });
    mail.close();
  });

  it('answers a direct request from this machine, and says it answers only here', async () => {
    const page = await get(`${server.base}/dev/mail`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Confirm your e-mail');
    expect(page.body).toContain('answers only on this machine');
    const api = await get(`${server.base}/api/dev/mail`);
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body).messages[0]).toMatchObject({ to: 'ada@example.com', links: ['http://x/y'] });
    expect((await get(`${server.base}/api/dev/mail.css`)).status).toBe(200);
  });

  it.each(Object.entries(FORWARDING_HEADERS))('is hidden from a request carrying %s', async (name, value) => {
    await expectMailboxHidden(server.base, { [name]: value });
  });

  it('is hidden from a request whose socket is not loopback', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/dev/nothing',
      remoteAddress: '192.168.1.7',
    });
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '192.168.1.7' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toBe(unknown.body);
    expect(withoutTestToolsMark(page.body)).toBe(INDEX_HTML);
    const api = await ctx.app.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress: '192.168.1.7' });
    expect(api.statusCode).toBe(404);
  });
});

describe('local mailbox with SMTP_URL set', () => {
  const ctx = useTestApp(settings({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' }));
  const server = listenOnLoopback(ctx);

  it('does not exist, even for this machine', async () => {
    await expectMailboxHidden(server.base);
  });
});

describe('local mailbox in production', () => {
  const ctx = useTestApp(settings({ NODE_ENV: 'production', APP_URL: 'https://journal.example' }));
  const server = listenOnLoopback(ctx);

  it('does not exist, even for this machine, though mail still goes to DATA_DIR/mail', async () => {
    expect(createMailTransport(ctx.config).kind).toBe('mailbox');
    await expectMailboxHidden(server.base);
  });
});
