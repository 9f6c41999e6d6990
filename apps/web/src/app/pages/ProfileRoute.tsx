import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import ProfilePage from '../../features/account/pages/ProfilePage.tsx';

// Its own chunk: the reminder section loads after the profile page, which stays within its budget.
const ReminderSection = lazy(() => import('../../features/reminders/components/ReminderSection.tsx'));

/** /profile: the account's settings, with the daily reminder (features/reminders) composed in. */
export default function ProfileRoute() {
  return (
    <ProfilePage
      reminders={
        <Suspense fallback={<ReminderFallback />}>
          <ReminderSection />
        </Suspense>
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
