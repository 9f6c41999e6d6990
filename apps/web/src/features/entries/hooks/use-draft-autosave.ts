import { useEffect, useRef, useState } from 'react';
import {
  DRAFT_SAVE_DELAY_MS,
  type JournalDraft,
  removeJournalDraft,
  writeJournalDraft,
} from '../journal-draft.ts';

/** The quick entry's draft, written when typing pauses and at once when the card goes away (spec §2). */
export function useDraftAutosave(text: string, mood: string | null, initial: JournalDraft | undefined) {
  const written = useRef({ text: initial?.text ?? '', mood: initial?.mood ?? null });
  const latest = useRef({ text, mood });
  latest.current = { text, mood };
  const [savedAt, setSavedAt] = useState<string | null>(initial?.savedAt ?? null);

  const writeNow = () => {
    const { text: currentText, mood: currentMood } = latest.current;
    if (currentText === written.current.text && currentMood === written.current.mood) return;
    written.current = { text: currentText, mood: currentMood };
    if (!currentText.trim() && !currentMood) {
      removeJournalDraft();
      setSavedAt(null);
      return;
    }
    const now = new Date().toISOString();
    writeJournalDraft({ text: currentText, mood: currentMood, savedAt: now });
    setSavedAt(now);
  };
  const writeNowRef = useRef(writeNow);
  writeNowRef.current = writeNow;

  useEffect(() => {
    if (text === written.current.text && mood === written.current.mood) return;
    const timer = setTimeout(() => writeNowRef.current(), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, mood]);

  useEffect(() => () => writeNowRef.current(), []);

  /** Forgets the draft: after a save or a reset (spec §2). */
  const discard = () => {
    written.current = { text: '', mood: null };
    latest.current = { text: '', mood: null };
    removeJournalDraft();
    setSavedAt(null);
  };

  return { savedAt, discard };
}
