/** What a prompt may know of an entry: its day, its mood and its text (already decrypted for this request). */
export type EntryContext = { date: string; mood: string | null; text: string };

/** A scheduled message to one's future self, decrypted for this request. */
export type FutureMessageContext = { sendDate: string; subject: string; message: string };

/** Bounds on what one request sends: the newest entries first, each cut, the whole capped. */
export const CONTEXT_LIMITS = { entryChars: 1200, totalChars: 12_000, futureMessageChars: 800 } as const;

function cut(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max)}…` : trimmed;
}

/**
 * The entries as a plain list, newest first, until the character budget is spent. Entries with neither text nor
 * mood are left out. The text is quoted as data, not instructions.
 */
export function formatEntries(entries: EntryContext[]): string {
  const lines: string[] = [];
  let used = 0;
  for (const entry of entries) {
    const text = cut(entry.text, CONTEXT_LIMITS.entryChars);
    if (!text && !entry.mood) continue;
    const line = `- ${entry.date}${entry.mood ? ` (mood: ${entry.mood})` : ''}: ${text ? JSON.stringify(text) : '(no text)'}`;
    if (used + line.length > CONTEXT_LIMITS.totalChars) break;
    lines.push(line);
    used += line.length;
  }
  return lines.length > 0 ? lines.join('\n') : '(no entries)';
}

export function formatFutureMessages(messages: FutureMessageContext[]): string {
  if (messages.length === 0) return '(none scheduled)';
  return messages
    .map(
      (m) =>
        `- to be delivered ${m.sendDate}: subject ${JSON.stringify(cut(m.subject, 200))}, message ${JSON.stringify(cut(m.message, CONTEXT_LIMITS.futureMessageChars))}`,
    )
    .join('\n');
}
