import { createHash } from 'node:crypto';
import type { SessionUser } from '@daybook/shared';

/** A live session as the database last answered for it. */
export type CachedSession = {
  sessionId: string;
  expiresAt: Date;
  /** When the session was last recorded as used (its `updated_at`); moved on use, at most every few minutes. */
  seenAt: Date;
  user: SessionUser;
};

export type SessionCacheOptions = {
  /**
   * How long an answer is served without asking the database: the bound on a revocation that this instance
   * never heard of (a NOTIFY lost with a silently dead listening connection). ADR 047.
   */
  ttlMs: number;
  /** Sessions held at most; the oldest goes first (memory stays bounded whatever the traffic). */
  maxEntries: number;
};

export const SESSION_CACHE_OPTIONS: SessionCacheOptions = { ttlMs: 10_000, maxEntries: 10_000 };

type Held = CachedSession & { key: string; cachedUntil: number };

/**
 * The key a session is held under: SHA-256 of its token, so the cache never holds a token that would open the
 * session (a heap dump shows hashes only). Tokens are 32 random characters: no salt is needed against guessing.
 */
export function sessionCacheKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * This instance's recently seen sessions (ADR 047): a signed-in request answered from here costs no round trip
 * for its session. Entries live `ttlMs` at most and are dropped at once when this instance hears, on the live
 * channel or from its own code, that the session ended or its user changed. `isTrusted()` says whether anything
 * may be served: while the channel is not listening, revocations could go unheard, so every lookup goes to the
 * database.
 */
export function createSessionCache(deps: {
  options: SessionCacheOptions;
  /** Milliseconds, monotonic enough for TTLs (the app's clock may be frozen in tests; TTLs use real time). */
  now?: () => number;
  isTrusted: () => boolean;
}) {
  const { ttlMs, maxEntries } = deps.options;
  const now = deps.now ?? (() => performance.now());
  const byKey = new Map<string, Held>();
  const bySession = new Map<string, string>();
  const byUser = new Map<string, Set<string>>();
  /**
   * Bumped by every forget: a lookup that began before a revocation must not store the answer it read before
   * the revocation committed (`generation()` before the read, `set(…, generation)` after).
   */
  let generation = 0;

  function drop(key: string): void {
    const held = byKey.get(key);
    if (!held) return;
    byKey.delete(key);
    bySession.delete(held.sessionId);
    const keys = byUser.get(held.user.id);
    keys?.delete(key);
    if (keys?.size === 0) byUser.delete(held.user.id);
  }

  return {
    /** The held session under `key`, unless stale, or while the cache cannot be trusted. */
    get(key: string): CachedSession | null {
      if (!deps.isTrusted()) return null;
      const held = byKey.get(key);
      if (!held) return null;
      if (held.cachedUntil <= now()) {
        drop(key);
        return null;
      }
      return held;
    },

    /** The generation to hand back to `set` (read it before the database lookup). */
    generation: () => generation,

    /** Holds a session the database just answered for, unless something was forgotten since `readAt`. */
    set(key: string, session: CachedSession, readAt: number): void {
      if (readAt !== generation || !deps.isTrusted()) return;
      drop(key);
      while (byKey.size >= maxEntries) drop(byKey.keys().next().value!);
      const held: Held = { ...session, key, cachedUntil: now() + ttlMs };
      byKey.set(key, held);
      bySession.set(session.sessionId, key);
      const keys = byUser.get(session.user.id) ?? new Set<string>();
      keys.add(key);
      byUser.set(session.user.id, keys);
    },

    forgetKey(key: string): void {
      generation += 1;
      drop(key);
    },

    forgetSession(sessionId: string): void {
      generation += 1;
      const key = bySession.get(sessionId);
      if (key) drop(key);
    },

    forgetUser(userId: string): void {
      generation += 1;
      for (const key of [...(byUser.get(userId) ?? [])]) drop(key);
    },

    /** Forgets everything (the channel dropped: revocations may have gone unheard). */
    clear(): void {
      generation += 1;
      byKey.clear();
      bySession.clear();
      byUser.clear();
    },

    size: () => byKey.size,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
