import type { SessionUser } from '@daybook/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { DeletionBanner } from '../features/account/components/DeletionBanner.tsx';
import { useTimezoneSync } from '../features/account/hooks/use-timezone-sync.ts';
import { useSealedSharePickUp } from '../features/sharing/send/use-sealed-share-pick-up.ts';
import { useKeyPairUpkeep } from '../lib/key-pair/use-key-pair-upkeep.ts';
import { useSession } from '../lib/session/get-session.ts';
import { loginPathFor } from '../lib/session/redirect.ts';
import { AuthErrorScreen, RedirectingToLogin } from './ErrorScreen.tsx';
import { PrivateModeGate } from './PrivateModeGate.tsx';
import { RouteSkeleton } from './RouteSkeleton.tsx';

/**
 * The layout of every signed-in page: a visitor is sent to /login?redirect=<this address>;
 * a signed-in person sees the deletion banner (when one is due) and private mode's unlock card (when the account's
 * key is locked in this browser session, ADR 095) above the page.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <RouteSkeleton />;
  // The check failed (not "signed out", which is an answer): say so and offer to ask again.
  if (session.isError && !session.data) {
    return <AuthErrorScreen error={session.error} onRetry={() => void session.refetch()} />;
  }
  if (!session.user) {
    return (
      <>
        <Navigate to={loginPathFor(location)} replace />
        <RedirectingToLogin />
      </>
    );
  }
  return <SignedInLayout user={session.user} />;
}

function SignedInLayout({ user }: { user: SessionUser }) {
  useTimezoneSync(user);
  useKeyPairUpkeep(user.id);
  useSealedSharePickUp(user.id);
  return (
    <>
      <DeletionBanner />
      <PrivateModeGate user={user} />
      <Outlet />
    </>
  );
}
