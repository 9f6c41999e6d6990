import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { describeError, loggedPath, serializeError } from './log-text.ts';

const TOKEN = 'E0zgyIsI38jZSC1lyrnRTdJVTYiaXDja';

/** A server error as node-postgres builds it from the wire, with the fields PostgreSQL sends. */
const serverError = (message: string, fields: Partial<pg.DatabaseError>) =>
  Object.assign(new pg.DatabaseError(message, 0, 'error'), fields);

describe('serializeError', () => {
  it("keeps a failed query's statement and leaves out its parameters, in the message and in the stack", () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const error = new DrizzleQueryError(
      'select s.id from sessions s\n  where s.token = $1 and s.expires_at > $2',
      [TOKEN, '2026-11-28T10:00:00.000Z'],
      cause,
    );
    const logged = serializeError(error);
    expect(JSON.stringify(logged)).not.toContain(TOKEN);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      query: 'select s.id from sessions s where s.token = $1 and s.expires_at > $2',
      cause: { type: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
    });
    expect(logged.stack).toMatch(/^at /);
  });

  it("keeps a database error's SQLSTATE and names, and redacts the values PostgreSQL quotes or details", () => {
    const duplicate = serverError('duplicate key value violates unique constraint "users_email_unique"', {
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
      detail: 'Key (email)=(ada@example.com) already exists.',
    });
    expect(serializeError(duplicate)).toEqual({
      type: 'DatabaseError',
      code: '23505',
      message: 'duplicate key value violates unique constraint "users_email_unique"',
      constraint: 'users_email_unique',
      table: 'users',
      stack: expect.any(String),
    });
    const badInput = serverError(`invalid input syntax for type uuid: "${TOKEN}"`, { code: '22P02' });
    expect(serializeError(badInput).message).toBe('invalid input syntax for type uuid: "…"');
  });

  it("leaves out any other field of an error (PGlite's params), and follows causes and aggregated errors", () => {
    const pglite = Object.assign(new Error('PGlite is closed'), { query: 'select $1', params: [TOKEN] });
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    const logged = serializeError(new Error('wrapped', { cause: new AggregateError([refused, pglite]) }));
    expect(JSON.stringify(logged)).not.toContain(TOKEN);
    expect(logged.cause?.errors?.map((inner) => inner.message)).toEqual([
      'connect ECONNREFUSED ::1:5432',
      'PGlite is closed',
    ]);
    expect(describeError(new Error('wrapped', { cause: refused }))).toBe(
      'Error: wrapped ← Error ECONNREFUSED: connect ECONNREFUSED ::1:5432',
    );
  });
});

describe('loggedPath', () => {
  it('writes the pattern for a token in the path, whether a route or a page of the web app', () => {
    expect(
      loggedPath({ url: `/api/share-links/${TOKEN}`, routeOptions: { url: '/api/share-links/:token' } }),
    ).toBe('/api/share-links/:token');
    expect(loggedPath({ url: `/share/${TOKEN}?from=mail` })).toBe('/share/:token');
    expect(loggedPath({ url: `/SHARE/${TOKEN}/extra` })).toBe('/share/:token');
    expect(loggedPath({ url: '/entries/123?q=secret', routeOptions: { url: '/entries/:id' } })).toBe(
      '/entries/123',
    );
  });
});
