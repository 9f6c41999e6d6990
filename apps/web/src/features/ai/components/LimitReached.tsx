import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UpgradeDialog } from '../../../components/ui/upgrade-dialog.tsx';
import { usePlanId } from '../api/get-plan.ts';

const PREMIUM_AI = 'Premium gives you 20 insights, 20 coaching messages and 20 future-self messages a day.';

/**
 * A daily limit reached: the message, and on Free "See Premium" with the upgrade dialog, opened at once when the
 * limit was met by the request just made (`isDialogShown`: a 429 AI_LIMIT_REACHED), not on every visit after.
 */
export function LimitReached({
  message,
  isDialogShown = false,
}: {
  message: string;
  isDialogShown?: boolean;
}) {
  const planId = usePlanId();
  const isFree = planId === 'free';
  const [isDialogOpen, setIsDialogOpen] = useState(false);

  useEffect(() => {
    if (isFree && isDialogShown) setIsDialogOpen(true);
  }, [isFree, isDialogShown]);

  return (
    <Alert variant="warning" role="alert">
      <p>{message}</p>
      {isFree ? (
        <>
          <Button size="sm" variant="outline" className="self-start" onClick={() => setIsDialogOpen(true)}>
            See Premium
          </Button>
          <UpgradeDialog
            open={isDialogOpen}
            onOpenChange={setIsDialogOpen}
            title="Daily AI limit reached"
            description={PREMIUM_AI}
          />
        </>
      ) : null}
    </Alert>
  );
}
