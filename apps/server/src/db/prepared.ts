import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const dialect = new PgDialect();

/** The text and parameters of a statement as Drizzle sends it (placeholders stay placeholders). */
export function statementText(query: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

type PreparingExecutor = Executor & {
  _: { session: { prepareQuery(query: { sql: string; params: unknown[] }, ...rest: unknown[]): Prepared } };
};
type Prepared = { execute(values: Record<string, unknown>): Promise<{ rows: unknown[] }> };

/**
 * A hot statement compiled once (its values are `sql.placeholder`s) instead of on every call: no SQL building and
 * no per-call query objects in Node, and on PostgreSQL a named statement, parsed and planned once per pooled
 * connection (node-postgres prepares a named query on a connection's first use and only binds it after). PGlite
 * runs it as an ordinary parameterised query. The dashboard page and the streak use it (ADR 047).
 */
export function preparedStatement<Row>(
  db: Executor,
  name: string,
  query: SQL,
): (values: Record<string, unknown>) => Promise<Row[]> {
  const { text, params } = statementText(query);
  const prepared = (db as PreparingExecutor)._.session.prepareQuery(
    { sql: text, params },
    undefined,
    name,
    false,
  );
  return async (values) => (await prepared.execute(values)).rows as Row[];
}
