import { REMINDER_MESSAGES } from '@daybook/shared';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUnsubscribe } from '../api.ts';

/**
 * /reminders/unsubscribe?token=…: the e-mail's "No more reminders" link, signed in or not. Opening the page changes
 * nothing (mail scanners open links); the button does it with one POST (ADR 042).
 */
export default function UnsubscribePage() {
  useDocumentTitle('Daily reminders');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  return (
    <div className="page-container py-10 sm:py-14">
      <div className="mx-auto flex max-w-xl flex-col gap-6">
        <h1 className="text-3xl font-semibold sm:text-4xl">Daily reminders</h1>
        <Card className="flex flex-col gap-4 p-6">
          {!token ? (
            <Alert variant="error" role="alert">
              <p>{REMINDER_MESSAGES.invalidToken}</p>
            </Alert>
          ) : unsubscribe.isSuccess ? (
            <div role="status" className="flex flex-col gap-3">
              <p className="text-lg font-medium">{unsubscribe.data.message}</p>
              <p className="text-muted-foreground">
                Changed your mind? You can turn them back on in your{' '}
                <Link to="/profile#reminders" className="text-primary underline underline-offset-4">
                  profile
                </Link>
                .
              </p>
            </div>
          ) : (
            <>
              <p>Stop the daily e-mail, in-app and push reminders to write in your journal?</p>
              {unsubscribe.isError ? (
                <Alert variant="error" role="alert">
                  <p>{unsubscribe.error.message}</p>
                </Alert>
              ) : null}
              <Button
                className="self-start"
                disabled={unsubscribe.isPending}
                onClick={() => unsubscribe.mutate(token)}
              >
                {unsubscribe.isPending ? 'Stopping…' : 'Stop daily reminders'}
              </Button>
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
