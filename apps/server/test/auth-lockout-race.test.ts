import { AUTH_MESSAGES } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/infra/auth/passwords.ts';
import { useTestApp } from './support/app.ts';
import { createUser, signIn } from './support/factories.ts';

/**
 * The app with the real argon2 check wrapped in a counter, so the test sees how many sign-ins reached the
 * password check (the lockout must stop the rest before it).
 */
describe('lockout under a parallel burst', () => {
  let checks = 0;

  const ctx = useTestApp(
    {},
    {
      verifyPassword: (input) => {
        checks++;
        return verifyPassword(input);
      },
    },
  );

  it('checks at most 5 of 25 parallel wrong passwords, then refuses the right one as locked', async () => {
    const user = await createUser(ctx);
    checks = 0;
    const burst = await Promise.all(
      Array.from({ length: 25 }, () => signIn(ctx, user.email, 'Wrong-Password-1')),
    );
    expect(checks).toBeLessThanOrEqual(5);
    expect(checks).toBeGreaterThan(0);
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401 || c === 423)).toHaveLength(25);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(4);

    const before = checks;
    const right = await signIn(ctx, user.email);
    expect(right.statusCode).toBe(423);
    expect(right.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: AUTH_MESSAGES.lockedOut(15) });
    expect(checks).toBe(before);
  });

  it('a right password inside a burst of wrong ones is either one of the 5 checks or refused', async () => {
    const user = await createUser(ctx);
    checks = 0;
    const wrong = Array.from({ length: 12 }, () => signIn(ctx, user.email, 'Wrong-Password-1'));
    const right = signIn(ctx, user.email);
    const results = await Promise.all([...wrong, right]);
    expect(checks).toBeLessThanOrEqual(5);
    const rightAnswer = results.at(-1)!;
    expect([200, 423]).toContain(rightAnswer.statusCode);
  });
});
