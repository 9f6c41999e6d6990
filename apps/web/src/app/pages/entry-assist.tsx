import { AiAssistButton } from '../../features/ai/components/AiAssistButton.tsx';
import type { TextAssistRenderer } from '../../features/entries/text-assist.ts';
import { isPrivateUnlocked } from '../../lib/encryption/private-entry-key.ts';
import { useSession } from '../../lib/session/get-session.ts';

/**
 * AI Assist sends the text to the AI provider through the server. A private-mode entry's words (ADR 094) go to no
 * one until the person consents to that one use, which is still to come: until then the button is not offered.
 */
function AiAssistUnlessPrivate({ text, onReplace }: { text: string; onReplace: (next: string) => void }) {
  const { user } = useSession();
  if (isPrivateUnlocked(user?.id)) return null;
  return <AiAssistButton text={text} onReplace={onReplace} />;
}

/** "AI Assist" from the ai feature in the entries feature's text slot (features do not import each other). */
export const renderAiAssist: TextAssistRenderer = (text, replaceText) => (
  <AiAssistUnlessPrivate text={text} onReplace={replaceText} />
);
