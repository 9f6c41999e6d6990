import { ERROR_STATUS } from '@daybook/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/client.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/infra/http/errors.ts';
import { useTestApp } from './support/app.ts';
import { clientAddress } from './support/factories.ts';

/**
 * SQLSTATE 55000 (object_not_in_prerequisite_state) raised by the real database, PostgreSQL or PGlite, under a real
 * route: the answer is the outage's 503 with Retry-After, logged as a warning, never a 500 (ADR 060).
 */
describe('a statement the database cannot run in its present state', () => {
  const lines: string[] = [];
  const ctx = useTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => lines.push(line) } });

  beforeAll(async () => {
    // `currval` of a sequence this session never advanced raises 55000. Run by a trigger, the contact form's
    // ordinary insert meets it the way a route would meet a server in a state it must first leave.
    await ctx.database.query('create sequence prerequisite_probe_seq');
    await ctx.database.query(`
      create function prerequisite_probe() returns trigger language plpgsql as $$
      begin
        perform currval('prerequisite_probe_seq');
        return new;
      end $$`);
    await ctx.database.query(
      'create trigger prerequisite_probe before insert on contact_messages for each row execute function prerequisite_probe()',
    );
  });

  it('is raised as 55000 by the database itself, and classified as retry-later', async () => {
    const failure = await ctx.database.query("select currval('prerequisite_probe_seq')").then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as { code?: string }).code).toBe('55000');
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });

  it('answers 503 with Retry-After and the standard message, and logs a warning with the SQLSTATE', async () => {
    lines.length = 0;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: clientAddress(),
      payload: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        topic: 'feedback',
        subject: 'Hello',
        message: 'Writing to you while the database is busy.',
      },
    });
    expect(response.statusCode, response.body).toBe(ERROR_STATUS.SERVICE_UNAVAILABLE);
    expect(response.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);

    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string });
    const warning = logged.find((line) => line.msg === 'database unavailable');
    expect(warning?.level).toBe(40);
    expect(warning?.reason).toContain('55000');
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  });
});
