import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import ProfilePage from '../../features/account/pages/ProfilePage.tsx';

// Its own chunk: the reminder section loads after the profile page, which stays within its budget.
const ReminderSection = lazy(() => import('../../features/reminders/components/ReminderSection.tsx'));
// Switching private mode on and off (ADR 097), in its own chunk; the private-mode section will hold it.
const PrivateModeSwitch = lazy(async () => ({
  default: (await import('../../features/private-mode/switch/components/PrivateModeSwitch.tsx'))
    .PrivateModeSwitch,
}));

/** /profile: the account's settings, with the daily reminder (features/reminders) composed in. */
export default function ProfileRoute() {
  return (
    <ProfilePage
      reminders={
        <>
          <Suspense fallback={<ReminderFallback />}>
            <ReminderSection />
          </Suspense>
          <Suspense fallback={null}>
            <PrivateModeSwitch />
          </Suspense>
        </>
      }
    />
  );
}

function ReminderFallback() {
  return (
    <div role="status">
      <span className="sr-only">Loading your reminder…</span>
      <Skeleton className="h-64 rounded-card" />
    </div>
  );
}
