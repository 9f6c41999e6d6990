import { createPrivateModeContext, type PrivateModeDeps } from './context.ts';
import { createPrivateKeyMaterial } from './key-material.ts';
import { createPrivateModeSwitch } from './switching.ts';

export type { PrivateModeAccounts } from './context.ts';

/**
 * Private mode's key material per account (ADR 089). The server keeps wraps it cannot open and checks who may change
 * them: the sign-in password to set up or to start fresh, a proof of holding the key to rewrap. Every method takes
 * the signed-in user's id and touches that user's row alone.
 *
 * One part per operation (ADR 100): the key material (key-material.ts) and the switch off (switching.ts), over
 * one context (context.ts). Routes, services.ts and other modules see one service, as before.
 */
export function createPrivateModeService(deps: PrivateModeDeps) {
  const ctx = createPrivateModeContext(deps);
  return {
    ...createPrivateModeSwitch(ctx),
    ...createPrivateKeyMaterial(ctx),
  };
}

export type PrivateModeService = ReturnType<typeof createPrivateModeService>;
