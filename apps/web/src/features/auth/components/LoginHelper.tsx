import { AUTH_TIMINGS, LOCKOUT } from '@daybook/shared';
import { LifeBuoy, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { STORAGE_KEYS } from '../../../lib/constants.ts';
import { readStoredString, writeStoredString } from '../../../lib/storage.ts';

const linkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * "Can't log in?": appears after 10 seconds on the login page (docs/product/accounts.md#accounts-login), unless dismissed
 * before; the dismissal is remembered in this browser.
 */
export function LoginHelper() {
  const [isDismissed, setIsDismissed] = useState(
    () => readStoredString(STORAGE_KEYS.loginHelperDismissed) !== null,
  );
  const [isDue, setIsDue] = useState(false);

  useEffect(() => {
    if (isDismissed) return;
    const timer = setTimeout(() => setIsDue(true), AUTH_TIMINGS.loginHelperDelayMs);
    return () => clearTimeout(timer);
  }, [isDismissed]);

  if (isDismissed || !isDue) return null;

  const dismiss = () => {
    writeStoredString(STORAGE_KEYS.loginHelperDismissed, 'true');
    setIsDismissed(true);
  };

  return (
    <Card
      role="region"
      aria-labelledby="login-helper-title"
      className="relative flex flex-col gap-3 p-5 motion-safe:animate-fade-in"
    >
      <Button
        variant="ghost"
        size="icon"
        aria-label="Dismiss help"
        onClick={dismiss}
        className="absolute top-2 right-2 size-9"
      >
        <X aria-hidden="true" />
      </Button>
      <h2 id="login-helper-title" className="flex items-center gap-2 pr-10 font-sans text-base font-semibold">
        <LifeBuoy aria-hidden="true" className="size-5 text-primary" />
        Can't log in?
      </h2>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted-foreground">
        <li>Check that Caps Lock is off and use the email address you signed up with.</li>
        <li>New here? Confirm your email first: look for our message, and check your spam folder.</li>
        <li>
          After {LOCKOUT.maxAttempts} failed attempts, logging in pauses for {LOCKOUT.lockoutDurationMinutes}{' '}
          minutes.
        </li>
      </ul>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/reset-password" className={linkClass}>
          Reset your password
        </Link>
        <Link to="/help-contact#contact" className={linkClass}>
          Contact support
        </Link>
      </p>
    </Card>
  );
}
