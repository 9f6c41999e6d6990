import { SEALED_SHARE_MESSAGES, type ShareRecipientKeys } from '@daybook/shared';
import { Copy, LoaderCircle, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { copyTextWithToast } from '../../../lib/clipboard.ts';
import type { NoAccountChoice } from './sealed/seal-shares.ts';

/*
 * The private entry's extra steps of "Share reflection" (ADR 103): for each recipient without an account, the two
 * honest choices, a private link or "E-mail it" (the server then reads this one entry, which needs a tick); and
 * once made, the private links to copy, shown only then since only this browser holds their keys.
 */

/** Who still needs a choice: the recipients the server found no public key for. */
export const withoutAccount = (keys: ShareRecipientKeys) =>
  keys.recipients.filter((r) => !r.publicKey).map((r) => r.email);

export function NoAccountChoices({
  emails,
  isBusy,
  onBack,
  onSubmit,
}: {
  emails: string[];
  isBusy: boolean;
  onBack: () => void;
  onSubmit: (choices: Record<string, NoAccountChoice>) => void;
}) {
  const [choices, setChoices] = useState<Record<string, NoAccountChoice>>(() =>
    Object.fromEntries(emails.map((email) => [email, 'link' as const])),
  );
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const consentId = useId();
  const errorId = useId();
  const isEmailing = Object.values(choices).includes('server');

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (isEmailing && !consent) {
          setConsentError(SEALED_SHARE_MESSAGES.emailConsentRequired);
          return;
        }
        onSubmit(choices);
      }}
    >
      {emails.map((email) => (
        <fieldset key={email} className="flex flex-col gap-2 rounded-lg border px-3 py-2.5">
          <legend className="px-1 text-sm font-medium">{email}</legend>
          <p className="text-sm text-muted-foreground">{SEALED_SHARE_MESSAGES.choiceLegend}</p>
          {(
            [
              ['link', SEALED_SHARE_MESSAGES.linkChoice, SEALED_SHARE_MESSAGES.linkHint],
              ['server', SEALED_SHARE_MESSAGES.emailChoice, SEALED_SHARE_MESSAGES.emailHint],
            ] as const
          ).map(([value, label, hint]) => (
            <label key={value} className="flex items-start gap-2.5 text-sm">
              <input
                type="radio"
                name={`reach-${email}`}
                value={value}
                checked={choices[email] === value}
                onChange={() => {
                  setChoices((current) => ({ ...current, [email]: value }));
                  setConsentError(null);
                }}
                className="mt-1 accent-primary"
              />
              <span className="flex flex-col">
                <span className="font-medium">{label}</span>
                <span className="text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ))}

      {isEmailing ? (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start gap-2.5">
            <Checkbox
              id={consentId}
              checked={consent}
              onChange={(event) => {
                setConsent(event.target.checked);
                setConsentError(null);
              }}
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? errorId : undefined}
              className="mt-0.5"
            />
            <Label htmlFor={consentId} className="font-normal">
              {SEALED_SHARE_MESSAGES.emailConsent}
            </Label>
          </div>
          {consentError ? (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {consentError}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onBack} disabled={isBusy}>
          Back
        </Button>
        <Button type="submit" disabled={isBusy} aria-busy={isBusy || undefined}>
          {isBusy ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {isBusy ? 'Sharing…' : 'Share'}
        </Button>
      </div>
    </form>
  );
}

export function PrivateLinks({
  links,
  onDone,
}: {
  links: { email: string; url: string }[];
  onDone: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{SEALED_SHARE_MESSAGES.linksReady}</p>
      <ul className="flex flex-col gap-3">
        {links.map(({ email, url }) => (
          <li key={email} className="flex flex-col gap-1.5">
            <span className="text-sm font-medium">{email}</span>
            <div className="flex gap-2">
              <Input
                readOnly
                value={url}
                aria-label={`Private link for ${email}`}
                className="font-mono text-xs"
              />
              <Button
                type="button"
                variant="outline"
                onClick={() => void copyTextWithToast(url)}
                aria-label={`${SEALED_SHARE_MESSAGES.linkChoice} for ${email}`}
              >
                <Copy aria-hidden="true" />
                {SEALED_SHARE_MESSAGES.linkChoice}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
