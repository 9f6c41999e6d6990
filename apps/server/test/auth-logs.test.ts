import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from './support/app.ts';
import { clientAddress, createUser, latestMailTo, pathOf, register } from './support/factories.ts';

/** Every string anywhere in a parsed log line. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

describe('request and auth log lines', () => {
  const lines: string[] = [];

  const ctx = useTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (chunk: string) => lines.push(chunk) } },
  );

  /** Each write is one JSON line; none may hold a raw CR/LF or other control character in any value. */
  function expectCleanLog(secrets: string[]) {
    const text = lines.join('');
    for (const secret of secrets) expect(text).not.toContain(secret);
    for (const chunk of lines) {
      expect(chunk.endsWith('\n')).toBe(true);
      expect(chunk.slice(0, -1)).not.toMatch(/[\r\n]/);
      for (const value of stringsIn(JSON.parse(chunk))) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters
        expect(value).not.toMatch(/[\u0000-\u001f\u007f]/);
      }
    }
  }

  it('logs the verification link by path only: no token, no callbackURL', async () => {
    const { email } = await register(ctx);
    const mail = await latestMailTo(ctx, email);
    const link = new URL(mail!.link!);
    const token = link.searchParams.get('token')!;
    lines.length = 0;

    const ok = await ctx.app.inject({
      method: 'GET',
      remoteAddress: clientAddress(),
      url: pathOf(link.href),
    });
    expect(ok.statusCode).toBe(302);
    const requestLines = lines.map((line) => JSON.parse(line)).filter((line) => line.req);
    expect(requestLines.map((line) => line.req.url)).toEqual(['/api/auth/verify-email']);
    expectCleanLog([token, 'callbackURL', 'dashboard']);
  });

  it('refuses a callbackURL that is no path of ours (a CR/LF would forge a log line or a header)', async () => {
    lines.length = 0;
    for (const callbackURL of [
      '/x\r\n{"level":30,"msg":"FORGED"}',
      'https://evil.example/',
      '//evil.example',
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        remoteAddress: clientAddress(),
        url: `/api/auth/verify-email?token=abc&callbackURL=${encodeURIComponent(callbackURL)}`,
      });
      expect(response.statusCode).toBe(400);
    }
    expectCleanLog(['FORGED', 'evil.example']);
  });

  it("writes better-auth's own messages, which quote request values, escaped into our log", async () => {
    const context = await ctx.app.services.betterAuth.$context;
    lines.length = 0;
    context.logger.error('Invalid callbackURL: https://evil.example/\r\n{"level":30,"msg":"FORGED"}');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).msg).toBe(
      'Invalid callbackURL: https://evil.example/\\u000d\\u000a{"level":30,"msg":"FORGED"}',
    );
    expectCleanLog([]);
  });

  it('logs the reset link with its route pattern instead of the token in its path', async () => {
    const user = await createUser(ctx);
    await ctx.app.inject({
      method: 'POST',
      remoteAddress: clientAddress(),
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const mail = await vi.waitFor(
      async () => {
        const latest = await latestMailTo(ctx, user.email);
        if (!latest?.subject.includes('Reset your')) throw new Error('no reset mail yet');
        return latest;
      },
      { timeout: 5000, interval: 20 },
    );
    const token = new URL(mail.link!).pathname.split('/').pop()!;
    lines.length = 0;
    const landing = await ctx.app.inject({
      method: 'GET',
      remoteAddress: clientAddress(),
      url: pathOf(mail.link!),
    });
    expect(landing.statusCode).toBe(302);
    const requestLines = lines.map((line) => JSON.parse(line)).filter((line) => line.req);
    expect(requestLines.map((line) => line.req.url)).toEqual(['/api/auth/reset-password/:token']);
    expectCleanLog([token]);
  });
});
