import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { scrollToHashTarget } from '../../../lib/hash-scroll.ts';
import { useProfile } from '../../../lib/profile.ts';
import { toast } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AvatarSection } from '../components/AvatarSection.tsx';
import { ChangeEmailForm } from '../components/ChangeEmailForm.tsx';
import { ChangePasswordForm } from '../components/ChangePasswordForm.tsx';
import { DeleteAccountSection } from '../components/DeleteAccountSection.tsx';
import { PasskeysSection } from '../components/PasskeysSection.tsx';
import { ProfileDetailsForm } from '../components/ProfileDetailsForm.tsx';
import { SessionsSection } from '../components/SessionsSection.tsx';
import { SubscriptionSection } from '../components/SubscriptionSection.tsx';
import { TimezoneSection } from '../components/TimezoneSection.tsx';
import { TwoFactorSection } from '../components/TwoFactorSection.tsx';

export const EMAIL_CHANGED_MESSAGE = 'Your email address has been changed.';

const SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'avatar', label: 'Picture' },
  { id: 'time-zone', label: 'Time zone' },
  { id: 'reminders', label: 'Daily reminder' },
  { id: 'password', label: 'Password' },
  { id: 'email', label: 'Email' },
  { id: 'two-step', label: 'Two-step sign-in' },
  { id: 'passkeys', label: 'Passkeys' },
  { id: 'private-mode', label: 'Private mode' },
  { id: 'ai-consent', label: 'AI consent' },
  { id: 'sessions', label: 'Sessions' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'delete-account', label: 'Delete account' },
] as const;

/** The link from the new inbox lands on /profile?emailChanged=1: say so once, then tidy the address. */
function useEmailChangedNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const hasAnnounced = useRef(false);
  const isChanged = searchParams.get('emailChanged') === '1';

  useEffect(() => {
    if (!isChanged || hasAnnounced.current) return;
    hasAnnounced.current = true;
    toast.success(EMAIL_CHANGED_MESSAGE, { id: 'email-changed' });
    setSearchParams(
      (params) => {
        params.delete('emailChanged');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [isChanged, setSearchParams]);
}

/**
 * `reminders` and `privateMode`: the daily reminder and private mode's sections, composed in by the app (features
 * do not import each other).
 */
export default function ProfilePage({
  reminders,
  privateMode,
  aiConsents,
}: {
  reminders?: ReactNode;
  privateMode?: ReactNode;
  /** The AI features a private account consented to (features/ai, ADR 104). */
  aiConsents?: ReactNode;
} = {}) {
  useDocumentTitle('Profile Settings');
  useEmailChangedNotice();
  const profile = useProfile();
  const { hash } = useLocation();

  // The sections render once the profile arrives: scroll to #subscription or #delete-account then.
  useEffect(() => {
    if (profile.isSuccess && hash) return scrollToHashTarget(hash);
  }, [profile.isSuccess, hash]);

  return (
    <div className="page-container py-10 sm:py-14">
      <div className="mb-8 flex flex-col gap-2">
        <h1 className="text-3xl font-semibold sm:text-4xl">Profile Settings</h1>
        <p className="text-muted-foreground">Your account, sign-in, plan and privacy.</p>
      </div>
      <div className="grid gap-8 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <nav aria-label="Settings sections" className="hidden lg:block">
          <ul className="sticky top-24 flex flex-col gap-1 text-sm">
            {SECTIONS.map(({ id, label }) => (
              <li key={id}>
                <Link
                  to={`#${id}`}
                  className="block rounded-md px-3 py-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-col gap-6">
          {profile.isPending ? (
            <ProfileSkeleton />
          ) : profile.isError ? (
            <Alert variant="error" role="alert">
              <p>Your profile could not be loaded. {profile.error.message}</p>
              <Button
                size="sm"
                variant="outline"
                className="self-start"
                onClick={() => void profile.refetch()}
              >
                Try again
              </Button>
            </Alert>
          ) : (
            <>
              <ProfileDetailsForm profile={profile.data} />
              <AvatarSection profile={profile.data} />
              <TimezoneSection profile={profile.data} />
              {reminders}
              <ChangePasswordForm />
              <ChangeEmailForm profile={profile.data} />
              <TwoFactorSection email={profile.data.email} />
              <PasskeysSection />
              {privateMode}
              {aiConsents}
              <SessionsSection />
              <SubscriptionSection profile={profile.data} />
              <DeleteAccountSection />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-6">
      <span className="sr-only">Loading your settings…</span>
      {['h-40', 'h-36', 'h-28', 'h-64'].map((height) => (
        <Skeleton key={height} className={`${height} rounded-card`} />
      ))}
    </div>
  );
}
