import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  twoFactorChallenges,
  twoFactorLockouts,
  twoFactorRecoveryCodes,
  twoFactors,
} from '../../db/schema/index.ts';

export type TwoFactorRow = { secretSealed: string; enabledAt: Date | null; lastUsedStep: number | null };
export type TwoFactorLockRow = { attempts: number; windowStartedAt: Date; lockedUntil: Date | null };

/** Two-step sign-in's tables (ADR 075): the sealed secrets, hashed recovery codes, pending sign-ins, the code lock. */
export function createTwoFactorRepository(db: Executor) {
  const lock = twoFactorLockouts;
  return {
    async find(userId: string): Promise<TwoFactorRow | null> {
      const [row] = await db
        .select({
          secretSealed: twoFactors.secretSealed,
          enabledAt: twoFactors.enabledAt,
          lastUsedStep: twoFactors.lastUsedStep,
        })
        .from(twoFactors)
        .where(eq(twoFactors.userId, userId));
      return row ?? null;
    },

    /** A set-up waiting for its first code; never replaces a secret that is on. Answers whether it was saved. */
    async savePending(userId: string, secretSealed: string, now: Date): Promise<boolean> {
      const saved = await db
        .insert(twoFactors)
        .values({ userId, secretSealed, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: twoFactors.userId,
          set: { secretSealed, lastUsedStep: null, createdAt: now, updatedAt: now },
          setWhere: isNull(twoFactors.enabledAt),
        })
        .returning({ userId: twoFactors.userId });
      return saved.length > 0;
    },

    /** Turns the waiting set-up on, its confirming code's step used up. Answers false when none was waiting. */
    async enable(userId: string, step: number, now: Date): Promise<boolean> {
      const enabled = await db
        .update(twoFactors)
        .set({ enabledAt: now, lastUsedStep: step, updatedAt: now })
        .where(and(eq(twoFactors.userId, userId), isNull(twoFactors.enabledAt)))
        .returning({ userId: twoFactors.userId });
      return enabled.length > 0;
    },

    /**
     * Uses up the step of an accepted code, in one statement: a code of that step or an earlier one was already
     * used (or came before it), and is refused, however many requests carry it at once.
     */
    async useStep(userId: string, step: number): Promise<boolean> {
      const used = await db
        .update(twoFactors)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(twoFactors.userId, userId),
            isNotNull(twoFactors.enabledAt),
            or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step)),
          ),
        )
        .returning({ userId: twoFactors.userId });
      return used.length > 0;
    },

    /** Turns it off: the secret, the recovery codes and any pending sign-in go. Answers whether it was on. */
    async remove(userId: string): Promise<boolean> {
      await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
      const removed = await db
        .delete(twoFactors)
        .where(and(eq(twoFactors.userId, userId), isNotNull(twoFactors.enabledAt)))
        .returning({ userId: twoFactors.userId });
      return removed.length > 0;
    },

    async replaceRecoveryCodes(userId: string, codeHashes: string[], now: Date): Promise<void> {
      await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await db
        .insert(twoFactorRecoveryCodes)
        .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    },

    /** Uses a recovery code up, in one statement: of two requests carrying it, one gets it. */
    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const used = await db
        .delete(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash)))
        .returning({ userId: twoFactorRecoveryCodes.userId });
      return used.length > 0;
    },

    async countRecoveryCodes(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(twoFactorRecoveryCodes)
        .where(eq(twoFactorRecoveryCodes.userId, userId));
      return row?.n ?? 0;
    },

    /** A pending sign-in; the user's earlier ones, and anyone's run out, go. */
    async createChallenge(tokenHash: string, userId: string, expiresAt: Date, now: Date): Promise<void> {
      await db
        .delete(twoFactorChallenges)
        .where(or(eq(twoFactorChallenges.userId, userId), lt(twoFactorChallenges.expiresAt, now)));
      await db.insert(twoFactorChallenges).values({ tokenHash, userId, expiresAt, createdAt: now });
    },

    async findChallenge(tokenHash: string, now: Date): Promise<string | null> {
      const [row] = await db
        .select({ userId: twoFactorChallenges.userId })
        .from(twoFactorChallenges)
        .where(and(eq(twoFactorChallenges.tokenHash, tokenHash), gt(twoFactorChallenges.expiresAt, now)));
      return row?.userId ?? null;
    },

    /** Single use: the pending sign-in is deleted as it is used, so of two requests carrying it one gets it. */
    async consumeChallenge(tokenHash: string, now: Date): Promise<string | null> {
      const [row] = await db
        .delete(twoFactorChallenges)
        .where(and(eq(twoFactorChallenges.tokenHash, tokenHash), gt(twoFactorChallenges.expiresAt, now)))
        .returning({ userId: twoFactorChallenges.userId });
      return row?.userId ?? null;
    },

    async findLock(userId: string): Promise<TwoFactorLockRow | null> {
      const [row] = await db
        .select({
          attempts: lock.attempts,
          windowStartedAt: lock.windowStartedAt,
          lockedUntil: lock.lockedUntil,
        })
        .from(lock)
        .where(eq(lock.userId, userId));
      return row ?? null;
    },

    /** Reserves one code check, as `login_lockouts` reserves password checks (ADR 014): one atomic upsert. */
    async reserveCheck(userId: string, now: Date, windowStart: Date, max: number): Promise<TwoFactorLockRow> {
      const isLocked = sql`(${lock.lockedUntil} is not null and ${lock.lockedUntil} > ${now})`;
      const isStale = sql`(${lock.windowStartedAt} <= ${windowStart} or ${lock.lockedUntil} is not null)`;
      const [row] = await db
        .insert(lock)
        .values({ userId, attempts: 1, windowStartedAt: now, lockedUntil: null })
        .onConflictDoUpdate({
          target: lock.userId,
          set: {
            attempts: sql`case when ${isLocked} then ${lock.attempts} when ${isStale} then 1
              else least(${lock.attempts} + 1, ${max + 1}::int) end`,
            windowStartedAt: sql`case when ${isLocked} then ${lock.windowStartedAt} when ${isStale} then ${now}::timestamptz
              else ${lock.windowStartedAt} end`,
            lockedUntil: sql`case when ${isLocked} then ${lock.lockedUntil} else null end`,
          },
        })
        .returning({
          attempts: lock.attempts,
          windowStartedAt: lock.windowStartedAt,
          lockedUntil: lock.lockedUntil,
        });
      return row!;
    },

    async lockIfExhausted(userId: string, max: number, until: Date): Promise<void> {
      await db
        .update(lock)
        .set({ lockedUntil: until })
        .where(and(eq(lock.userId, userId), sql`${lock.attempts} >= ${max}::int`, isNull(lock.lockedUntil)));
    },

    async releaseCheck(userId: string): Promise<void> {
      await db
        .update(lock)
        .set({ attempts: sql`greatest(${lock.attempts} - 1, 0)` })
        .where(and(eq(lock.userId, userId), isNull(lock.lockedUntil)));
    },

    async clearLock(userId: string): Promise<void> {
      await db.delete(lock).where(eq(lock.userId, userId));
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
