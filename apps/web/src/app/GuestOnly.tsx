import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useSession } from '../lib/session/get-session.ts';
import { DEFAULT_SIGNED_IN_PATH, REDIRECT_PARAM, safeRedirectPath } from '../lib/session/redirect.ts';

/** Loaded only when a signed-in person asks for Premium here. */
const StartCheckout = lazy(async () => ({
  default: (await import('../features/billing/components/StartCheckout.tsx')).StartCheckout,
}));

/**
 * /login and /register are for visitors: a signed-in person goes on to where they were headed
 * (`redirect`), or to the dashboard; asking for Premium (`intent=premium`), on to checkout.
 * The form shows while the session is still being checked.
 */
export function GuestOnly() {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  if (user && searchParams.get('intent') === 'premium')
    return (
      <Suspense fallback={null}>
        <StartCheckout />
      </Suspense>
    );
  if (user) {
    const target = safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ?? DEFAULT_SIGNED_IN_PATH;
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
