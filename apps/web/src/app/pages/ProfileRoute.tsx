import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import ProfilePage from '../../features/account/pages/ProfilePage.tsx';
import { lazyOutcomeStep, type ReEncryptionStepFactory } from '../../features/private-mode/switch/runner.ts';
import { useSession } from '../../lib/session/get-session.ts';

// Its own chunk: the reminder section loads after the profile page, which stays within its budget.
const ReminderSection = lazy(() => import('../../features/reminders/components/ReminderSection.tsx'));
// Likewise private mode's section (ADR 095); Argon2id and the word list load only when a step needs them.
const PrivateModeSection = lazy(
  () => import('../../features/private-mode/components/PrivateModeSection.tsx'),
);
// Switching an existing account on and off (ADR 097), in its own chunk, shown inside the section once it is on.
const PrivateModeSwitch = lazy(async () => ({
  default: (await import('../../features/private-mode/switch/components/PrivateModeSwitch.tsx'))
    .PrivateModeSwitch,
}));

/**
 * The switch's further steps, composed here since features do not import each other. Switching on, the media files
 * of the account's entries (ADR 096) and the letters to the future self (ADR 098) are made private after the
 * entries; switching off, the files and letters sealed in the browser are opened and handed back to the server's
 * key, since finishing removes the key (the server refuses to finish while any is left). Both ways, the account's
 * key pair is wrapped again under the key of the mode it is heading to: the same pair, so what was sealed to it keeps
 * opening (ADR 102).
 */
const SWITCH_STEPS: ReEncryptionStepFactory[] = [
  ({ target }) =>
    target === 'private'
      ? lazyOutcomeStep('media', 'photos, voice notes and videos', async () => {
          const { mediaReencryptStep } = await import('../../features/media/reencrypt-step.ts');
          return mediaReencryptStep;
        })
      : lazyOutcomeStep('media-off', 'photos, voice notes and videos', async () => {
          const { mediaUnsealStep } = await import('../../features/media/unseal-step.ts');
          return mediaUnsealStep;
        }),
  ({ target }) =>
    target === 'private'
      ? lazyOutcomeStep('future-messages', 'letters to your future self', async () => {
          const { futureMessagesReencryptStep } = await import(
            '../../features/future-self/reencrypt-step.ts'
          );
          return futureMessagesReencryptStep;
        })
      : lazyOutcomeStep('future-messages-off', 'letters to your future self', async () => {
          const { futureMessagesUnsealStep } = await import('../../features/future-self/unseal-step.ts');
          return futureMessagesUnsealStep;
        }),
  ({ userId, target }) =>
    lazyOutcomeStep(target === 'private' ? 'key-pair' : 'key-pair-off', 'your key pair', async () => {
      const { keyPairSwitchStep } = await import('../../lib/key-pair/key-pair.ts');
      return keyPairSwitchStep(userId, target);
    }),
];

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
            <PrivateModeSection
              userId={user.id}
              email={user.email}
              switchControl={
                <Suspense fallback={null}>
                  <PrivateModeSwitch extraSteps={SWITCH_STEPS} />
                </Suspense>
              }
            />
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
