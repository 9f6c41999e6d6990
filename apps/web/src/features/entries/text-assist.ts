import type { ReactNode } from 'react';

/**
 * The writing helper a page puts beside an entry's text: "AI Assist" from the ai feature, composed in app/ (features
 * do not import each other). It reads the text and may replace it (and put the original back on undo).
 */
export type TextAssistRenderer = (text: string, replaceText: (next: string) => void) => ReactNode;
