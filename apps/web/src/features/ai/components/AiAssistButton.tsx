import { AI_MESSAGES, canUseAiAssist } from '@daybook/shared';
import { LoaderCircle, Wand2 } from 'lucide-react';
import { lazy, type MouseEvent, Suspense, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DeferredTooltip } from '../../../components/ui/deferred-tooltip.tsx';
import { toast } from '../../../lib/toast.ts';
import type { ConsentAsk } from '../consent-prompt.ts';

// The dialog loads only when a private account is asked, not with the entry boxes (ADR 076's budget).
const AiConsentDialog = lazy(async () => ({
  default: (await import('./AiConsentDialog.tsx')).AiConsentDialog,
}));

type AiAssistButtonProps = {
  text: string;
  /** Puts new text in the field: the expanded one, or the original again on "Undo". */
  onReplace: (text: string) => void;
};

/** One "type a little more" toast however often the button is pressed. */
const TOO_SHORT_TOAST_ID = 'ai-assist-too-short';

/**
 * "AI Assist" (docs/product/ai.md#ai-assist): for a private account, after its consent (ADR 104), sends the draft to the server, which asks the AI provider to expand it, and puts
 * the answer in place of the text, with "Undo" in the toast to put the original back. Below 10 characters that are
 * not blank it is visibly unavailable yet focusable (aria-disabled), with the reason as tooltip and description,
 * and pressed anyway (a tap on a phone has no hover, a key press no pointer) it says the reason in a toast.
 */
export function AiAssistButton({ text, onReplace }: AiAssistButtonProps) {
  const [isWorking, setIsWorking] = useState(false);
  const [consentAsk, setConsentAsk] = useState<ConsentAsk | null>(null);
  const hintId = useId();
  const isUsable = canUseAiAssist(text);

  const onClick = async (event: MouseEvent) => {
    if (!isUsable || isWorking) {
      event.preventDefault();
      if (!isUsable) toast.info(AI_MESSAGES.tooShort, { id: TOO_SHORT_TOAST_ID });
      return;
    }
    const original = text;
    setIsWorking(true);
    try {
      // A private account's draft goes nowhere before it consents to AI Assist (ADR 104).
      const { askConsent } = await import('../consent-prompt.ts');
      if (!(await askConsent('assist', setConsentAsk))) return;
      // The request and its schema load on first use, not with the dashboard (ADR 032).
      const { enhanceText } = await import('../api/enhance-text.ts');
      const { enhancedText } = await enhanceText(original);
      onReplace(enhancedText);
      toast.success(AI_MESSAGES.enhanced, {
        description: AI_MESSAGES.enhancedDescription,
        action: { label: 'Undo', onClick: () => onReplace(original) },
      });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : AI_MESSAGES.failedDescription;
      toast.error(AI_MESSAGES.failed, { description: message });
    } finally {
      setIsWorking(false);
    }
  };

  const button = (
    <Button
      variant="ghost"
      size="sm"
      aria-disabled={isUsable && !isWorking ? undefined : 'true'}
      aria-describedby={isUsable ? undefined : hintId}
      aria-busy={isWorking || undefined}
      onClick={(event) => void onClick(event)}
      className="aria-disabled:pointer-events-auto aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
    >
      {isWorking ? (
        <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
      ) : (
        <Wand2 aria-hidden="true" />
      )}
      {isWorking ? 'Enhancing…' : AI_MESSAGES.assist}
    </Button>
  );

  // One structure whether usable or not, so the button is never remounted (and never loses focus) as text is typed.
  return (
    <>
      <DeferredTooltip content={isUsable ? null : AI_MESSAGES.tooShort}>{button}</DeferredTooltip>
      {isUsable ? null : (
        <span id={hintId} className="sr-only">
          {AI_MESSAGES.tooShort}
        </span>
      )}
      {consentAsk ? (
        <Suspense fallback={null}>
          <AiConsentDialog {...consentAsk} />
        </Suspense>
      ) : null}
    </>
  );
}
