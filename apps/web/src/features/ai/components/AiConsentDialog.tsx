import type { AiConsentFeature } from '@daybook/shared';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { CONSENT_FEATURES, receiverOf } from '../consent-copy.ts';

type AiConsentDialogProps = {
  feature: AiConsentFeature | null;
  providerHost: string | null;
  isSaving: boolean;
  error: string | null;
  onAllow: () => void;
  onDecline: () => void;
};

/**
 * Asked on a private account's first use of an AI feature (ADR 104): who receives the words, and which words. Your
 * browser decrypts them and sends them with this one request; the server passes them on and keeps none of them.
 */
export function AiConsentDialog({
  feature,
  providerHost,
  isSaving,
  error,
  onAllow,
  onDecline,
}: AiConsentDialogProps) {
  const copy = feature ? CONSENT_FEATURES[feature] : null;
  return (
    <Dialog open={feature !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onDecline())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send your words to {providerHost ?? 'this server'}?</DialogTitle>
          <DialogDescription>
            Your journal is in private mode. To answer, {copy?.name} sends {copy?.sends} to{' '}
            <strong className="font-semibold text-foreground">{receiverOf(providerHost)}</strong>.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">
          Your browser decrypts them and sends them with each request. The Daybook server passes them on and
          keeps none of them; conversations are stored encrypted under your own key. You can withdraw this
          consent on your profile at any time.
        </p>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onDecline} disabled={isSaving}>
            Not now
          </Button>
          <Button onClick={onAllow} aria-busy={isSaving || undefined} disabled={isSaving}>
            Allow and send
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
