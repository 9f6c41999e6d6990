import { FlaskConical, Send } from 'lucide-react';
import { type ComponentProps, lazy, useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DeferredPopup } from '../../../components/ui/deferred-popup.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePlanFeatures } from '../../../lib/plan-features.ts';
import { toast } from '../../../lib/toast.ts';
import { useProcessDueMessages, useTestTools } from '../api.ts';
import { useUserTimeZone } from '../hooks/use-user-time-zone.ts';
import { UpcomingMessages } from './UpcomingMessages.tsx';
import { LockedScheduleButton } from './UpgradeLock.tsx';

const loadScheduleDialog = () => import('./ScheduleMessageDialog.tsx');
const ScheduleMessageDialog = lazy(async () => ({
  default: (await loadScheduleDialog()).ScheduleMessageDialog,
}));

function ScheduleButton(props: ComponentProps<typeof Button>) {
  return (
    <Button className="self-start" {...props}>
      <Send aria-hidden="true" />
      Schedule a message
    </Button>
  );
}

/** The schedule dialog behind its button; the dialog's code loads on first use (ADR 020). */
export function ScheduleMessageButton({ timeZone }: { timeZone: string }) {
  return (
    <DeferredPopup
      preload={() => loadScheduleDialog().catch(() => undefined)}
      trigger={(standIn) => <ScheduleButton aria-haspopup="dialog" {...standIn} />}
    >
      <ScheduleMessageDialog timeZone={timeZone} defaultOpen>
        <ScheduleButton />
      </ScheduleMessageDialog>
    </DeferredPopup>
  );
}

/** Test tools only (spec: a test or debug environment): delivers due messages now. */
function ProcessNowButton() {
  const process = useProcessDueMessages();
  const hintId = useId();
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-describedby={hintId}
        disabled={process.isPending}
        onClick={() =>
          process.mutate(undefined, {
            onSuccess: ({ processed }) =>
              toast.success(
                processed === 1 ? 'Processed 1 due message' : `Processed ${processed} due messages`,
              ),
            onError: (error) => toast.error(error.message),
          })
        }
      >
        <FlaskConical aria-hidden="true" />
        Test
      </Button>
      <span id={hintId} className="sr-only">
        Sends every message that is due now (test tools)
      </span>
    </>
  );
}

/**
 * The dashboard's Future Self card (docs/product/future-messages.md#future-letters-card): schedule a message to oneself, see the next 3 with their send
 * time, cancel one. Locked, with the upgrade dialog, when the plan cannot send future messages.
 */
export function FutureSelfCard({ timeZone: preferredZone }: { timeZone?: string | undefined }) {
  const headingId = useId();
  const timeZone = useUserTimeZone(preferredZone);
  const features = usePlanFeatures();
  const hasTestTools = useTestTools();
  const canSend = features.data?.can_send_future_messages === true;

  return (
    <Card aria-labelledby={headingId} role="region" className="flex flex-col gap-4 p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <h2
            id={headingId}
            className="font-sans text-sm font-semibold tracking-wide text-muted-foreground uppercase"
          >
            Future Self
          </h2>
          <p className="text-sm text-muted-foreground">Write a message to open on a day you choose.</p>
        </div>
        {hasTestTools ? <ProcessNowButton /> : null}
      </div>
      {features.isPending ? (
        <Skeleton className="h-10 w-44" />
      ) : canSend ? (
        <>
          <ScheduleMessageButton timeZone={timeZone} />
          <UpcomingMessages timeZone={timeZone} />
        </>
      ) : (
        <LockedScheduleButton />
      )}
      <Link
        to="/me-ahead"
        className="self-start rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        See all messages
      </Link>
    </Card>
  );
}
