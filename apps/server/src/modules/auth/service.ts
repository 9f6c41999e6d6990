import type { AuthDeps } from './auth-deps.ts';
import { createBackgroundWork } from './background-work.ts';
import { createRegistration } from './registration.ts';
import { createSessions } from './sessions.ts';
import { createSignIn } from './sign-in.ts';

/**
 * Signing up, in and out (docs/product/accounts.md#accounts-registration): one service over its parts, registration and its
 * e-mailed links (registration.ts), signing in (sign-in.ts) and the session (sessions.ts), so routes see one service.
 */
export function createAuthService(deps: AuthDeps) {
  const background = createBackgroundWork(deps.log);
  return {
    ...createRegistration(deps, background),
    ...createSignIn(deps),
    ...createSessions(deps),
    /** Waits for background work still running (on shutdown, so no queued mail is lost). */
    settle: () => background.settle(),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
