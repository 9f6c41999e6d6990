import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import ProfilePage from '../../features/account/pages/ProfilePage.tsx';
import { lazyOutcomeStep, type ReEncryptionStepFactory } from '../../features/private-mode/switch/runner.ts';

// Its own chunk: the reminder section loads after the profile page, which stays within its budget.
const ReminderSection = lazy(() => import('../../features/reminders/components/ReminderSection.tsx'));
// Switching private mode on and off (ADR 097), in its own chunk; the private-mode section will hold it.
const PrivateModeSwitch = lazy(async () => ({
  default: (await import('../../features/private-mode/switch/components/PrivateModeSwitch.tsx'))
    .PrivateModeSwitch,
}));

/**
 * The switch's further steps, composed here since features do not import each other: the letters to the future
 * self (ADR 098) are made private after the entries; nothing turns them back yet (the server keeps the switch off
 * from starting while any is private).
 */
const SWITCH_STEPS: ReEncryptionStepFactory[] = [
  ({ target }) =>
    target === 'private'
      ? lazyOutcomeStep('future-messages', 'letters to your future self', async () => {
          const { futureMessagesReencryptStep } = await import(
            '../../features/future-self/reencrypt-step.ts'
          );
          return futureMessagesReencryptStep;
        })
      : null,
];

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
            <PrivateModeSwitch extraSteps={SWITCH_STEPS} />
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
