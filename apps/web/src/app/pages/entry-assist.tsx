import { AiAssistButton } from '../../features/ai/components/AiAssistButton.tsx';
import type { TextAssistRenderer } from '../../features/entries/text-assist.ts';

/**
 * "AI Assist" from the ai feature in the entries feature's text slot (features do not import each other). A private
 * account's draft is sent only after it consents to AI Assist, asked on its first press (ADR 104).
 */
export const renderAiAssist: TextAssistRenderer = (text, replaceText) => (
  <AiAssistButton text={text} onReplace={replaceText} />
);
