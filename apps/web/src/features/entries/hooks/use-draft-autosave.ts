import { useEffect, useRef, useState } from 'react';
import { DRAFT_SAVE_DELAY_MS, type JournalDraft } from '../journal-draft.ts';
import type { DraftStore } from './use-stored-draft.ts';

/**
 * The quick entry's draft, written when typing pauses and at once when the card goes away (docs/product/entries.md#entries-quick-entry), through
 * the user's encrypted store. `restored` is the draft the card took over once it was loaded.
 */
export function useDraftAutosave(
  text: string,
  mood: string | null,
  store: Pick<DraftStore, 'write' | 'remove'>,
  restored: JournalDraft | undefined,
) {
  const written = useRef({ text: '', mood: null as string | null });
  const latest = useRef({ text, mood });
  latest.current = { text, mood };
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const storeRef = useRef(store);
  storeRef.current = store;

  // The restored draft is what is stored already: nothing to write until it changes.
  useEffect(() => {
    if (!restored) return;
    written.current = { text: restored.text, mood: restored.mood };
    setSavedAt(restored.savedAt);
  }, [restored]);

  const writeNow = () => {
    const { text: currentText, mood: currentMood } = latest.current;
    if (currentText === written.current.text && currentMood === written.current.mood) return;
    written.current = { text: currentText, mood: currentMood };
    if (!currentText.trim() && !currentMood) {
      storeRef.current.remove();
      setSavedAt(null);
      return;
    }
    const now = new Date().toISOString();
    storeRef.current.write({ text: currentText, mood: currentMood, savedAt: now });
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

  /** Forgets the draft: after a save or a reset (docs/product/entries.md#entries-quick-entry). */
  const discard = () => {
    written.current = { text: '', mood: null };
    latest.current = { text: '', mood: null };
    storeRef.current.remove();
    setSavedAt(null);
  };

  return { savedAt, discard };
}
