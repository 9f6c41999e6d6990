import { ENTRY_LIMITS, ENTRY_MESSAGES, sanitizeEntryText, wordCount } from '@daybook/shared';
import { Lightbulb, Sparkles, WifiOff } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { fieldControlClass } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDailyLimit } from '../api/get-daily-limit.ts';
import { useCardFolding } from '../hooks/use-card-folding.ts';
import { useDraftAutosave } from '../hooks/use-draft-autosave.ts';
import { useInspirePrompt } from '../hooks/use-inspire-prompt.ts';
import { useSaveEntry } from '../hooks/use-save-entry.ts';
import { useStoredDraft } from '../hooks/use-stored-draft.ts';
import type { JournalDraft } from '../journal-draft.ts';
import { OFFLINE_NOTICE } from '../offline-notice.ts';
import type { TextAssistRenderer } from '../text-assist.ts';
import { DailyLimitNotice } from './DailyLimitNotice.tsx';
import { EncryptionUnavailableAlert } from './EncryptionUnavailableAlert.tsx';
import { QuickEntryFooter, type SaveState } from './QuickEntryFooter.tsx';

export const QUICK_ENTRY_TITLE = "What's on your mind?";
export const DEFAULT_PROMPT = 'Write about your day, a thought, a feeling…';

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
  /** Drops the attachment: after a save or a reset (docs/product/entries.md#entries-list). */
  clear: () => void;
};

export type QuickEntryCardProps = {
  /** The attachment slot; without it the card offers no media. */
  media?: QuickEntryMedia | undefined;
  /** The "AI Assist" slot; without it the card offers none. */
  assist?: TextAssistRenderer | undefined;
  /** On its own page (/new-entry): always open and focused on arrival. */
  isStandalone?: boolean;
  /** After a successful save (the /new-entry page then goes to the dashboard). */
  onSaved?: () => void;
  /** A suggestion shown above the text and as its placeholder (the dashboard's theme prompt) until "Inspire me". */
  prompt?: string | undefined;
  className?: string;
};

/**
 * The quick entry card (docs/product/entries.md#entries-quick-entry): collapsed until used, the draft kept locally while typing,
 * Ctrl/Cmd+Enter to save, and the creation sequence of docs/product/entries.md#entries-create behind "Save".
 */
export function QuickEntryCard({
  isStandalone = false,
  onSaved,
  prompt: suggestedPrompt,
  media,
  assist,
  className,
}: QuickEntryCardProps) {
  const { save, support, isOffline } = useSaveEntry();
  // Today's count, so that a reached limit is said before writing; the save checks it afresh all the same.
  const dailyLimit = useDailyLimit().data;
  const isAtLimit = dailyLimit?.allowed === false;
  const storedDraft = useStoredDraft();
  const [restoredDraft, setRestoredDraft] = useState<JournalDraft | undefined>(undefined);
  const [text, setText] = useState('');
  const [mood, setMood] = useState<string | null>(null);
  const draft = useDraftAutosave(text, mood, storedDraft, restoredDraft);
  const mediaDraftId = media?.draftId ?? null;
  const isMediaBusy = media?.isBusy ?? false;
  const inspire = useInspirePrompt(suggestedPrompt);
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const headingId = useId();
  const promptId = useId();
  const errorId = useId();
  const limitId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Read by timers, which would otherwise see the values of the render that set them.
  const state = useRef({ text, isPickerOpen, saveState, isMediaBusy, mediaDraftId });
  state.current = { text, isPickerOpen, saveState, isMediaBusy, mediaDraftId };

  const { isExpanded, setIsExpanded, expand, scheduleCollapse, onFocus, onBlur } = useCardFolding({
    isStandalone,
    initiallyExpanded: isStandalone || mediaDraftId !== null || isMediaBusy,
    cardRef,
    headingRef,
    // It stays open while it holds text or a file, or is busy (saving, or a file or recording on its way).
    mustStayOpen: () => {
      const current = state.current;
      if (current.text.trim() || current.mediaDraftId || current.isMediaBusy) return true;
      return current.isPickerOpen || current.saveState === 'saving';
    },
  });

  useEffect(() => () => clearTimeout(savedTimer.current), []);

  // The encrypted draft arrives a moment after the card: it is taken over unless typing has begun.
  const loadedDraft = storedDraft.loaded?.draft;
  useEffect(() => {
    if (!loadedDraft || state.current.text) return;
    setText(loadedDraft.text);
    setMood(loadedDraft.mood);
    setRestoredDraft(loadedDraft);
    if (loadedDraft.text.trim()) setIsExpanded(true);
  }, [loadedDraft, setIsExpanded]);

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
    inspire.next();
  };

  const reset = () => {
    setText('');
    setMood(null);
    inspire.clear();
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

  const { prompt } = inspire;
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

      {dailyLimit && isAtLimit ? <DailyLimitNotice id={limitId} limit={dailyLimit} /> : null}

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

      {isOffline && isExpanded ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {OFFLINE_NOTICE}
        </p>
      ) : null}

      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}

      {isFooterShown ? (
        <QuickEntryFooter
          mood={mood}
          onMoodChange={setMood}
          isPickerOpen={isPickerOpen}
          onPickerOpenChange={onPickerOpenChange}
          mediaControl={media?.control}
          assistControl={assist?.(text, onTextChange)}
          words={words}
          draftSavedAt={draft.savedAt}
          canDiscard={hasContent && saveState === 'idle'}
          onDiscard={onDiscard}
          saveState={saveState}
          isSaveDisabled={saveState === 'saving' || isMediaBusy || isAtLimit}
          saveDescribedBy={isAtLimit ? limitId : undefined}
          onSave={() => void submit()}
        />
      ) : null}

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </Card>
  );
}
