import type { SessionUser } from '@daybook/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isPrivateModeChosenAtRegistration } from '../lib/private-keys/registration-choice.ts';
import { useIsPrivateModeUnlocked } from '../lib/private-keys/use-is-unlocked.ts';
import { useProfile } from '../lib/profile.ts';

/** Loaded only for an account in private mode whose key this browser session does not hold (ADR 095). */
const UnlockCard = lazy(() => import('../features/private-mode/components/UnlockCard.tsx'));

/** features/private-mode/pages/SetUpPrivateModePage.tsx's address (the app may not import a page's module here). */
const SET_UP_PATH = '/private-mode/set-up';
/** The profile has its own unlock form in its "Private mode" section. */
const PROFILE_PATH = '/profile';

/**
 * Private mode in the signed-in shell (ADR 095): the profile says whether the account is in private mode (no request
 * of its own); when it is and this browser session holds no key, the unlock card shows above the page, which stays
 * usable. A person who chose private mode on the register page is sent to set it up before the dashboard. For every
 * other account this renders nothing and loads nothing.
 */
export function PrivateModeGate({ user }: { user: SessionUser }) {
  const profile = useProfile();
  const location = useLocation();
  const { pathname } = location;
  const navigate = useNavigate();
  const isUnlocked = useIsPrivateModeUnlocked(user.id);
  const isPrivateMode = profile.data?.isPrivateMode === true;
  const needsUnlock = isPrivateMode && !isUnlocked;
  // Open while locked, and until the card itself says it is done: after a recovery key unlocks, the new passphrase
  // is still to be chosen in it.
  const [isCardOpen, setIsCardOpen] = useState(needsUnlock);
  useEffect(() => {
    if (needsUnlock) setIsCardOpen(true);
    else if (!isPrivateMode) setIsCardOpen(false);
  }, [needsUnlock, isPrivateMode]);

  // At every arrival, not once: the dashboard tidies its address as it loads (`?confirmed=1`, a replace), which
  // would otherwise land after this and keep the person on the dashboard.
  const isSetUpDue = Boolean(profile.data) && !isPrivateMode && pathname !== SET_UP_PATH;
  // Chosen in this browser, or in another one and kept with the account.
  const isChosen = profile.data?.isPrivateModeChosen === true || isPrivateModeChosenAtRegistration();
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key re-runs it at each arrival, as said above
  useEffect(() => {
    if (isSetUpDue && isChosen) void navigate(SET_UP_PATH, { replace: true });
  }, [isSetUpDue, isChosen, navigate, location.key]);
  if (!isCardOpen || !isPrivateMode || pathname === PROFILE_PATH || pathname === SET_UP_PATH) return null;
  return (
    <Suspense fallback={null}>
      <UnlockCard userId={user.id} onClose={() => setIsCardOpen(false)} />
    </Suspense>
  );
}
