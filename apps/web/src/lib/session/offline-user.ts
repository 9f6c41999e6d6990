import { SessionUser } from '@daybook/shared';
import { readSessionString, removeSessionString, writeSessionString } from '../storage.ts';

/**
 * The signed-in user as last answered by the server, kept for this tab only (sessionStorage, like the entry
 * key beside it, gone when the tab closes and at sign-out): what the app goes on while offline (ADR 041).
 */
const OFFLINE_USER_KEY = 'daybook-offline-user';

export function rememberOfflineUser(user: SessionUser | null): void {
  if (user) writeSessionString(OFFLINE_USER_KEY, JSON.stringify(user));
  else removeSessionString(OFFLINE_USER_KEY);
}

export function readOfflineUser(): SessionUser | null {
  const stored = readSessionString(OFFLINE_USER_KEY);
  if (!stored) return null;
  try {
    const parsed = SessionUser.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
