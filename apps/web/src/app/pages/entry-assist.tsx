import { AiAssistButton } from '../../features/ai/components/AiAssistButton.tsx';
import type { TextAssistRenderer } from '../../features/entries/text-assist.ts';

/** "AI Assist" from the ai feature in the entries feature's text slot (features do not import each other). */
export const renderAiAssist: TextAssistRenderer = (text, replaceText) => (
  <AiAssistButton text={text} onReplace={replaceText} />
);
