import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/** An error that a second try may fix: the message and a "Try again" button (none when `onRetry` is absent). */
export function RetryAlert({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert variant="error" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <Button size="sm" variant="outline" className="self-start" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Alert>
  );
}
