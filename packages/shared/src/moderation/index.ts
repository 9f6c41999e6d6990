export { classifyText, type ModerationFlag, type TextAudience } from './classify-text.ts';
