import { FUTURE_MESSAGE_LIMITS, FUTURE_MESSAGE_MESSAGES } from '../constants.ts';

export type FutureMessageTextProblems = Partial<Record<'subject' | 'message', string>>;

/**
 * The rules a letter's subject and message are held to (docs/product/future-messages.md#future-letters-rules): both
 * present, subject at most 200 characters, message at most 5,000. One function for every place that reads the text:
 * the server for a version-1 letter (it decrypts in memory to check), the browser before sealing a version-2 one
 * (the server cannot read it, ADR 098). Empty when the text passes.
 */
export function futureMessageTextProblems(subject: string, message: string): FutureMessageTextProblems {
  const problems: FutureMessageTextProblems = {};
  if (!subject.trim()) problems.subject = FUTURE_MESSAGE_MESSAGES.missingFields;
  if (!message.trim()) problems.message = FUTURE_MESSAGE_MESSAGES.missingFields;
  if (problems.subject || problems.message) return problems;
  if (subject.length > FUTURE_MESSAGE_LIMITS.subjectMaxChars)
    problems.subject = FUTURE_MESSAGE_MESSAGES.subjectTooLong;
  if (message.length > FUTURE_MESSAGE_LIMITS.messageMaxChars)
    problems.message = FUTURE_MESSAGE_MESSAGES.messageTooLong;
  return problems;
}
