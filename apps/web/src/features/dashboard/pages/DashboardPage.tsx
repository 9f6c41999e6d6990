import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';
import { useSession } from '../../../lib/session/get-session.ts';
import { greeting } from '../greeting.ts';

/** Signed in (the e-mail verification link lands here); the journal itself arrives with its own issue. */
export default function DashboardPage() {
  const { user } = useSession();
  return (
    <FeatureUnavailable title="Dashboard" heading={greeting(user?.fullName)}>
      <p className="text-muted-foreground">
        Your account is ready. The journal dashboard — entries, moods and streaks — is on its way.
      </p>
    </FeatureUnavailable>
  );
}
