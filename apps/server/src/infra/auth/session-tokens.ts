import { createHash } from 'node:crypto';
import type { DBAdapter, DBTransactionAdapter, Where } from 'better-auth';

/**
 * What the `sessions.token` column holds for a session token: SHA-256, base64url without padding (43 characters),
 * the encoding better-auth's hashed verification identifiers use (ADR 014). The cookie carries the token itself, so
 * a copy of the table, even with AUTH_SECRET to sign cookies, opens no session (ADR 055). Tokens are 32 random
 * characters of 62 (about 190 bits): no salt or slow hash is needed against guessing, and the lookup stays one
 * index probe. Migration 0014 computes exactly this in SQL for the sessions that existed before.
 */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const SESSION_MODEL = 'session';
const TOKEN_FIELD = 'token';

type Row = Record<string, unknown>;

/**
 * The session lookups' `where` with every token replaced by its hash, and which hash stands for which token (so the
 * rows found can carry the token their caller asked for). Only equality lookups make sense on a hash: any other
 * operator on the token is refused rather than run against hashes.
 */
function hashedWhere(where: Where[], tokenOf: Map<string, string>): Where[] {
  return where.map((clause) => {
    if (clause.field !== TOKEN_FIELD) return clause;
    const operator = clause.operator ?? 'eq';
    const hashOf = (token: string) => {
      const hash = hashSessionToken(token);
      tokenOf.set(hash, token);
      return hash;
    };
    if ((operator === 'eq' || operator === 'ne') && typeof clause.value === 'string')
      return { ...clause, value: hashOf(clause.value) };
    if ((operator === 'in' || operator === 'not_in') && Array.isArray(clause.value))
      return { ...clause, value: clause.value.map((token) => hashOf(String(token))) };
    throw new Error(`Session tokens are stored hashed: a "${operator}" lookup on them cannot work`);
  });
}

/**
 * A row as its caller expects it: the token it looked the row up by (or created it with), never the stored hash.
 * A row found otherwise (all sessions of a user) keeps the hash, which opens nothing and matches no token lookup.
 */
function withTokens<T>(row: T, tokenOf: Map<string, string>): T {
  if (!row || typeof row !== 'object') return row;
  const stored = (row as Row)[TOKEN_FIELD];
  const token = typeof stored === 'string' ? tokenOf.get(stored) : undefined;
  return token === undefined ? row : { ...row, [TOKEN_FIELD]: token };
}

/** `data` with its token, if any, replaced by the hash. */
function hashedData<T extends Row>(data: T, tokenOf: Map<string, string>): T {
  const token = data[TOKEN_FIELD];
  if (typeof token !== 'string') return data;
  const hash = hashSessionToken(token);
  tokenOf.set(hash, token);
  return { ...data, [TOKEN_FIELD]: hash };
}

type Methods = Pick<
  DBTransactionAdapter,
  | 'create'
  | 'findOne'
  | 'findMany'
  | 'count'
  | 'update'
  | 'updateMany'
  | 'delete'
  | 'deleteMany'
  | 'consumeOne'
  | 'incrementOne'
>;

/** The adapter's methods, hashing session tokens on the way in and giving callers their tokens back on the way out. */
function hashingMethods(base: Methods): Methods {
  const isSession = (model: string) => model === SESSION_MODEL;
  return {
    create: async <T extends Row, R = T>(input: {
      model: string;
      data: Omit<T, 'id'>;
      select?: string[];
      forceAllowId?: boolean;
    }) => {
      if (!isSession(input.model)) return base.create<T, R>(input);
      const tokenOf = new Map<string, string>();
      return withTokens(
        await base.create<T, R>({ ...input, data: hashedData(input.data, tokenOf) }),
        tokenOf,
      );
    },
    findOne: async <T>(input: Parameters<Methods['findOne']>[0]) => {
      if (!isSession(input.model)) return base.findOne<T>(input);
      const tokenOf = new Map<string, string>();
      return withTokens(
        await base.findOne<T>({ ...input, where: hashedWhere(input.where, tokenOf) }),
        tokenOf,
      );
    },
    findMany: async <T>(input: Parameters<Methods['findMany']>[0]) => {
      if (!isSession(input.model) || !input.where) return base.findMany<T>(input);
      const tokenOf = new Map<string, string>();
      const rows = await base.findMany<T>({ ...input, where: hashedWhere(input.where, tokenOf) });
      return rows.map((row) => withTokens(row, tokenOf));
    },
    count: (input) =>
      isSession(input.model) && input.where
        ? base.count({ ...input, where: hashedWhere(input.where, new Map()) })
        : base.count(input),
    update: async <T>(input: Parameters<Methods['update']>[0]) => {
      if (!isSession(input.model)) return base.update<T>(input);
      const tokenOf = new Map<string, string>();
      const row = await base.update<T>({
        ...input,
        where: hashedWhere(input.where, tokenOf),
        update: hashedData(input.update, tokenOf),
      });
      return withTokens(row, tokenOf);
    },
    updateMany: (input) =>
      isSession(input.model)
        ? base.updateMany({
            ...input,
            where: hashedWhere(input.where, new Map()),
            update: hashedData(input.update, new Map()),
          })
        : base.updateMany(input),
    delete: (input) =>
      isSession(input.model)
        ? base.delete({ ...input, where: hashedWhere(input.where, new Map()) })
        : base.delete(input),
    deleteMany: (input) =>
      isSession(input.model)
        ? base.deleteMany({ ...input, where: hashedWhere(input.where, new Map()) })
        : base.deleteMany(input),
    consumeOne: async <T>(input: Parameters<Methods['consumeOne']>[0]) => {
      if (!isSession(input.model)) return base.consumeOne<T>(input);
      const tokenOf = new Map<string, string>();
      return withTokens(
        await base.consumeOne<T>({ ...input, where: hashedWhere(input.where, tokenOf) }),
        tokenOf,
      );
    },
    incrementOne: async <T>(input: Parameters<Methods['incrementOne']>[0]) => {
      if (!isSession(input.model)) return base.incrementOne<T>(input);
      const tokenOf = new Map<string, string>();
      const row = await base.incrementOne<T>({
        ...input,
        where: hashedWhere(input.where, tokenOf),
        set: input.set && hashedData(input.set, tokenOf),
      });
      return withTokens(row, tokenOf);
    },
  };
}

const hashing = new WeakSet<object>();

/**
 * better-auth's database adapter, storing session tokens only as `hashSessionToken` hashes (ADR 055). better-auth
 * 1.7 has no option for it, and every one of its session paths (sign-in, getSession and its refresh, sign-out,
 * revocations, plugins) goes through the adapter with the token in `where` or `data`, so the adapter is the one
 * place that sees them all. The adapter object is changed in place rather than copied: better-auth attaches its
 * schema check to that object, and its transactions hand the same object back (each is wrapped once).
 */
export function withHashedSessionTokens<Options>(
  createAdapter: (options: Options) => DBAdapter,
): (options: Options) => DBAdapter {
  return (options) => {
    const adapter = createAdapter(options);
    const own = { ...adapter };
    const hashingAdapter = <A extends DBTransactionAdapter>(trx: A): A =>
      hashing.has(trx) ? trx : { ...trx, ...hashingMethods(trx) };
    Object.assign(adapter, hashingMethods(own), {
      transaction: ((callback) =>
        own.transaction((trx) => callback(hashingAdapter(trx)))) as DBAdapter['transaction'],
    });
    hashing.add(adapter);
    return adapter;
  };
}
