import { type ActiveSession, describeUserAgent } from '@daybook/shared';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';

const isPhone = (userAgent: string | null) => /iPhone|Android|Mobile/.test(userAgent ?? '');

function errorDescription(error: unknown) {
  return { description: error instanceof ApiRequestError ? error.message : undefined };
}

export function SessionsSection() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const hasOthers = list.some((session) => !session.isCurrent);

  const onRevokeOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) =>
        toast.success(
          revoked === 0
            ? 'No other sessions to sign out'
            : `Signed out of ${revoked} other session${revoked === 1 ? '' : 's'}`,
        ),
      onError: (error) => toast.error('Failed to sign out other sessions', errorDescription(error)),
    });

  return (
    <SettingsSection
      id="sessions"
      title="Active sessions"
      description="Where your account is signed in. Sign out anything you don't recognise, then change your password."
    >
      {sessions.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading sessions…</span>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : sessions.isError ? (
        <Alert variant="error">
          <p>Your sessions could not be loaded.</p>
          <Button size="sm" variant="outline" className="self-start" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      <Button
        variant="outline"
        className="self-start"
        onClick={onRevokeOthers}
        disabled={!hasOthers || revokeOthers.isPending}
      >
        <LogOut aria-hidden="true" />
        Sign out other sessions
      </Button>
    </SettingsSection>
  );
}

function SessionRow({ session }: { session: ActiveSession }) {
  const revoke = useRevokeSession();
  const device = describeUserAgent(session.userAgent);
  const Icon = isPhone(session.userAgent) ? Smartphone : Monitor;
  const lastActive = relativeTime(session.lastActiveAt);

  const onRevoke = () =>
    revoke.mutate(session.id, {
      onSuccess: () => toast.success('Session signed out'),
      onError: (error) => toast.error('Failed to sign out the session', errorDescription(error)),
    });

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <Icon aria-hidden="true" className="size-6 shrink-0 text-muted-foreground" />
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {device}
          {session.isCurrent ? (
            <span className="rounded-full bg-tint px-2 py-0.5 text-xs font-semibold text-tint-foreground">
              This device
            </span>
          ) : null}
          {session.isTwoFactor ? (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-foreground">
              Two-step sign-in
            </span>
          ) : null}
          {session.isPasskey ? (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-foreground">
              Passkey
            </span>
          ) : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {session.ipAddress ? `${session.ipAddress} · ` : ''}Last active {lastActive}
        </p>
      </div>
      {session.isCurrent ? null : (
        <Button
          size="sm"
          variant="outline"
          onClick={onRevoke}
          disabled={revoke.isPending}
          aria-label={`Sign out ${device}`}
          className="self-start sm:self-auto"
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
