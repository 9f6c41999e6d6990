import { APIError } from 'better-auth/api';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { isDatabaseUnavailable } from './client.ts';

/** A server error as node-postgres builds it from the wire: message, then SQLSTATE in `code`. */
const serverError = (code: string, message = 'from the server') =>
  Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['too many connections', serverError('53300')],
    ['disk full', serverError('53100')],
    ['connection failure', serverError('08006')],
    ['the server shutting down', serverError('57P01')],
    ['the server starting up', serverError('57P03')],
    ['our statement timeout', serverError('57014', 'canceling statement due to statement timeout')],
    ['our lock timeout', serverError('55P03', 'canceling statement due to lock timeout')],
    ['an object not in the state the statement needs', serverError('55000', 'recovery is in progress')],
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['an outage wrapped by Drizzle', new DrizzleQueryError('select 1', [], serverError('57P01'))],
    [
      'every address refusing, as an AggregateError without a code of its own',
      new DrizzleQueryError(
        'select 1',
        [],
        new AggregateError([
          Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
        ]),
      ),
    ],
    [
      "better-auth's failed session refresh, wrapping Drizzle's error",
      APIError.from(
        'INTERNAL_SERVER_ERROR',
        { code: 'FAILED_TO_GET_SESSION', message: 'Failed to get session' },
        { cause: new DrizzleQueryError('update', [], new Error('Connection terminated unexpectedly')) },
      ),
    ],
  ])('is true for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', serverError('23505')],
    ['a syntax error', serverError('42601')],
    ['a check violation wrapped by Drizzle', new DrizzleQueryError('insert', [], serverError('23514'))],
    ['an error meant for the client', new AppError('NOT_FOUND', 'Not found')],
    [
      'an AggregateError of bugs',
      new AggregateError([serverError('23505'), new TypeError('x is undefined')]),
    ],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
