import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import ProfilePage from '../../features/account/pages/ProfilePage.tsx';
import { useSession } from '../../lib/session/get-session.ts';

// Its own chunk: the reminder section loads after the profile page, which stays within its budget.
const ReminderSection = lazy(() => import('../../features/reminders/components/ReminderSection.tsx'));
// Likewise private mode's section (ADR 095); Argon2id and the word list load only when a step needs them.
const PrivateModeSection = lazy(
  () => import('../../features/private-mode/components/PrivateModeSection.tsx'),
);

/**
 * /profile: the account's settings, with the daily reminder (features/reminders) and private mode
 * (features/private-mode) composed in.
 */
export default function ProfileRoute() {
  const { user } = useSession();
  return (
    <ProfilePage
      reminders={
        <Suspense fallback={<SectionFallback label="Loading your reminder…" height="h-64" />}>
          <ReminderSection />
        </Suspense>
      }
      privateMode={
        user ? (
          <Suspense fallback={<SectionFallback label="Loading private mode…" height="h-48" />}>
            <PrivateModeSection userId={user.id} email={user.email} />
          </Suspense>
        ) : null
      }
    />
  );
}

function SectionFallback({ label, height }: { label: string; height: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <Skeleton className={`${height} rounded-card`} />
    </div>
  );
}
