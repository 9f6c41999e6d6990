import { ENTRY_LIMITS, ENTRY_MESSAGES, INSPIRE_PROMPTS, sanitizeEntryText, wordCount } from '@daybook/shared';
import { Check, Lightbulb, Sparkles, Wand2 } from 'lucide-react';
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { fieldControlClass } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { entryTime } from '../format.ts';
import { useSaveEntry } from '../hooks/use-save-entry.ts';
import {
  DRAFT_SAVE_DELAY_MS,
  type JournalDraft,
  readJournalDraft,
  removeJournalDraft,
  writeJournalDraft,
} from '../journal-draft.ts';
import { EncryptionUnavailableAlert } from './EncryptionUnavailableAlert.tsx';
import { CARD_LAYER_ATTRIBUTE, MoodPicker } from './MoodPicker.tsx';
import { UnavailableActionButton } from './UnavailableActionButton.tsx';

export const QUICK_ENTRY_TITLE = "What's on your mind?";
export const DEFAULT_PROMPT = 'Write about your day, a thought, a feeling…';
export const AI_ASSIST_UNAVAILABLE = 'AI Assist needs an AI provider; none is configured on this server';

type SaveState = 'idle' | 'saving' | 'saved';

const SAVE_LABEL: Record<SaveState, string> = { idle: 'Save', saving: 'Saving...', saved: 'Saved' };

/**
 * The attachment the page puts in the card: features do not import each other, so the control and its
 * state come from the media feature through app/ (see app/pages/entry-media.tsx).
 */
export type QuickEntryMedia = {
  /** The attach button, shown among the card's actions. */
  control: ReactNode;
  /** The uploaded draft the entry is created with, or null while nothing is attached. */
  draftId: string | null;
  /** A file is being checked, moderated or uploaded, or a recording is under way. */
  isBusy: boolean;
  /** Drops the attachment: after a save or a reset (spec §2). */
  clear: () => void;
};

export type QuickEntryCardProps = {
  /** The attachment slot; without it the card offers no media. */
  media?: QuickEntryMedia | undefined;
  /** On its own page (/new-entry): always open and focused on arrival. */
  isStandalone?: boolean;
  /** After a successful save (the /new-entry page then goes to the dashboard). */
  onSaved?: () => void;
  /** A suggestion shown above the text and as its placeholder (the dashboard's theme prompt) until "Inspire me". */
  prompt?: string | undefined;
  className?: string;
};

/** True when focus is (or goes) inside the card, or into a layer of it rendered elsewhere. */
function isCardFocus(card: HTMLElement | null, target: Element | null): boolean {
  if (!target) return false;
  return Boolean(card?.contains(target) || target.closest(`[${CARD_LAYER_ATTRIBUTE}]`));
}

/** A draft written when typing pauses, and at once when the card goes away. */
function useDraftAutosave(text: string, mood: string | null, initial: JournalDraft | undefined) {
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

/**
 * The quick entry card (spec §2): collapsed until used, the draft kept locally while typing,
 * Ctrl/Cmd+Enter to save, and the creation sequence of spec §4 behind "Save".
 */
export function QuickEntryCard({
  isStandalone = false,
  onSaved,
  prompt: suggestedPrompt,
  media,
  className,
}: QuickEntryCardProps) {
  const { save, support } = useSaveEntry();
  const [initialDraft] = useState(readJournalDraft);
  const [text, setText] = useState(initialDraft?.text ?? '');
  const [mood, setMood] = useState<string | null>(initialDraft?.mood ?? null);
  const draft = useDraftAutosave(text, mood, initialDraft);
  const mediaDraftId = media?.draftId ?? null;
  const isMediaBusy = media?.isBusy ?? false;
  const [isExpanded, setIsExpanded] = useState(
    isStandalone || Boolean(initialDraft?.text.trim()) || mediaDraftId !== null || isMediaBusy,
  );
  const [promptIndex, setPromptIndex] = useState<number | null>(null);
  // A new suggestion takes the place of an "Inspire me" prompt.
  const [promptSuggested, setPromptSuggested] = useState(suggestedPrompt);
  if (promptSuggested !== suggestedPrompt) {
    setPromptSuggested(suggestedPrompt);
    setPromptIndex(null);
  }
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const headingId = useId();
  const promptId = useId();
  const errorId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const collapseTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Read by timers, which would otherwise see the values of the render that set them.
  const state = useRef({ text, isPickerOpen, saveState, isMediaBusy, mediaDraftId });
  state.current = { text, isPickerOpen, saveState, isMediaBusy, mediaDraftId };

  useEffect(
    () => () => {
      clearTimeout(collapseTimer.current);
      clearTimeout(savedTimer.current);
    },
    [],
  );

  useEffect(() => {
    if (isStandalone) textareaRef.current?.focus();
  }, [isStandalone]);

  if (!support.isAvailable) {
    return (
      <Card className={cn('flex flex-col gap-4 p-4 sm:p-6', className)}>
        <h2 className="text-xl font-semibold">{QUICK_ENTRY_TITLE}</h2>
        <EncryptionUnavailableAlert support={support} />
      </Card>
    );
  }

  const expand = () => {
    clearTimeout(collapseTimer.current);
    setIsExpanded(true);
  };

  /**
   * Spec §2: 300 ms after focus leaves, the card folds away, unless it holds text or a file, or is busy
   * (saving, or a file or recording on its way).
   */
  const scheduleCollapse = () => {
    if (isStandalone) return;
    clearTimeout(collapseTimer.current);
    collapseTimer.current = setTimeout(() => {
      const current = state.current;
      if (current.text.trim() || current.mediaDraftId || current.isMediaBusy) return;
      if (current.isPickerOpen || current.saveState === 'saving') return;
      if (isCardFocus(cardRef.current, document.activeElement)) return;
      setIsExpanded(false);
    }, ENTRY_LIMITS.blurCollapseMs);
  };

  const onFocus = (event: FocusEvent) => {
    // The heading takes focus after a save, which must not open the card again.
    if (event.target !== headingRef.current) expand();
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget instanceof Element ? event.relatedTarget : null;
    // A blur onto the card's own controls, or into its mood picker or attach panel (rendered outside it),
    // is ignored.
    if (isCardFocus(cardRef.current, next)) return;
    scheduleCollapse();
  };

  const onPickerOpenChange = (open: boolean) => {
    state.current.isPickerOpen = open;
    setIsPickerOpen(open);
    if (open) expand();
    else scheduleCollapse();
  };

  const onTextChange = (value: string) => {
    setText(sanitizeEntryText(value));
    if (error) setError(null);
    if (announcement) setAnnouncement('');
    if (saveState === 'saved') {
      clearTimeout(savedTimer.current);
      setSaveState('idle');
    }
  };

  const onInspire = () => {
    expand();
    setPromptIndex((index) => (index === null ? 0 : (index + 1) % INSPIRE_PROMPTS.length));
  };

  const reset = () => {
    setText('');
    setMood(null);
    setPromptIndex(null);
    setError(null);
    draft.discard();
    media?.clear();
  };

  const onDiscard = () => {
    reset();
    setIsExpanded(isStandalone);
    if (isStandalone) textareaRef.current?.focus();
    else headingRef.current?.focus();
  };

  const submit = async () => {
    // Save waits for a file still on its way (its button is disabled meanwhile).
    if (state.current.saveState === 'saving' || isMediaBusy) return;
    const content = text.trim();
    if (!content && !mediaDraftId) {
      setError(ENTRY_MESSAGES.empty);
      expand();
      textareaRef.current?.focus();
      return;
    }
    setError(null);
    clearTimeout(savedTimer.current);
    state.current.saveState = 'saving';
    setSaveState('saving');
    const isSaved = await save({ text: content, mood, mediaDraftId });
    if (!isSaved) {
      setSaveState('idle');
      return;
    }
    reset();
    setSaveState('saved');
    setAnnouncement('Saved');
    if (onSaved) {
      onSaved();
      return;
    }
    savedTimer.current = setTimeout(() => setSaveState('idle'), ENTRY_LIMITS.savedIndicatorMs);
    if (!isStandalone) setIsExpanded(false);
    // Focus stays with the card (on its heading, so that it does not open again), unless the person has
    // moved on elsewhere while the entry was saving.
    const active = document.activeElement;
    if (!active || active === document.body || cardRef.current?.contains(active)) {
      (isStandalone ? textareaRef.current : headingRef.current)?.focus();
    }
  };

  const onTextKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const prompt = promptIndex === null ? (suggestedPrompt ?? null) : INSPIRE_PROMPTS[promptIndex];
  const words = wordCount(text);
  const hasContent = Boolean(text.trim() || mood || mediaDraftId);
  // "Saved" stays readable for its 2 seconds even though the card has folded away.
  const isFooterShown = isExpanded || saveState !== 'idle';
  const describedBy =
    [prompt ? promptId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <Card
      ref={cardRef}
      onFocus={onFocus}
      onBlur={onBlur}
      data-expanded={isExpanded}
      className={cn('flex flex-col gap-3 p-4 sm:p-6', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 ref={headingRef} id={headingId} tabIndex={-1} className="text-xl font-semibold">
          {QUICK_ENTRY_TITLE}
        </h2>
        <Button variant="ghost" size="sm" onClick={onInspire}>
          <Lightbulb aria-hidden="true" />
          Inspire me
        </Button>
      </div>

      {prompt ? (
        <p id={promptId} aria-live="polite" className="flex items-center gap-2 text-sm text-tint-foreground">
          <Sparkles aria-hidden="true" className="size-4 shrink-0" />
          {prompt}
        </p>
      ) : null}

      <textarea
        ref={textareaRef}
        aria-labelledby={headingId}
        aria-describedby={describedBy}
        aria-invalid={Boolean(error)}
        value={text}
        maxLength={ENTRY_LIMITS.maxChars}
        placeholder={prompt ?? DEFAULT_PROMPT}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onTextKeyDown}
        rows={isExpanded ? 6 : 2}
        className={cn(
          fieldControlClass,
          'resize-none py-2 leading-relaxed motion-safe:transition-[min-height]',
          isExpanded ? 'min-h-40 resize-y' : 'min-h-12',
        )}
      />

      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}

      {isFooterShown ? (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-1">
            <MoodPicker
              value={mood}
              onChange={setMood}
              open={isPickerOpen}
              onOpenChange={onPickerOpenChange}
            />
            {media?.control}
            <UnavailableActionButton label="AI Assist" reason={AI_ASSIST_UNAVAILABLE} Icon={Wand2} />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-3">
            <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
              <span>
                {words} {words === 1 ? 'word' : 'words'}
              </span>
              {draft.savedAt ? <span>Last saved {entryTime(draft.savedAt)}</span> : null}
            </p>
            <div className="flex items-center gap-2">
              {hasContent && saveState === 'idle' ? (
                <Button variant="ghost" size="sm" onClick={onDiscard}>
                  Discard draft
                </Button>
              ) : null}
              <Button
                onClick={() => void submit()}
                disabled={saveState === 'saving' || isMediaBusy}
                className="min-w-24"
              >
                {saveState === 'saved' ? <Check aria-hidden="true" /> : null}
                {SAVE_LABEL[saveState]}
              </Button>
            </div>
          </div>
        </div>
      ) : null}

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </Card>
  );
}
