import { ENTRY_LIMITS, ENTRY_MESSAGES, sanitizeEntryText } from '@daybook/shared';
import { Paperclip, TriangleAlert } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../format.ts';
import { useEditEntry } from '../hooks/use-edit-entry.ts';
import type { TextAssistRenderer } from '../text-assist.ts';
import { MoodPicker } from './MoodPicker.tsx';

/** Said where an entry's attachment is edited (docs/product/entries.md#entries-edit-window: media cannot be changed after creation). */
export const MEDIA_FIXED_NOTE = "Media can't be changed after saving: delete the entry and write it again";

/** docs/product/entries.md#entries-edit-window: "n / 5,000 characters" from 4,000 characters; amber, then red with a warning icon at 5,000. */
export function CharacterCounter({ length, id }: { length: number; id?: string }) {
  if (length < ENTRY_LIMITS.counterFromChars) return null;
  const isAtLimit = length >= ENTRY_LIMITS.maxChars;
  return (
    <p
      id={id}
      data-level={isAtLimit ? 'limit' : 'near'}
      className={cn(
        'flex items-center gap-1.5 text-sm font-medium',
        isAtLimit ? 'text-destructive' : 'text-amber-700 dark:text-amber-300',
      )}
    >
      {isAtLimit ? <TriangleAlert aria-hidden="true" className="size-4" /> : null}
      {formatCount(length)} / {formatCount(ENTRY_LIMITS.maxChars)} characters
    </p>
  );
}

type EntryEditFormProps = {
  entryId: string;
  initialText: string;
  /** The edit page also offers the mood; inline in a card only the text changes. */
  initialMood?: string | null;
  withMood?: boolean;
  /** The entry carries an attachment: the form says that it stays as it is. */
  hasMedia?: boolean;
  /** "AI Assist" beside the mood, on the edit page (composed in app/). */
  assist?: TextAssistRenderer | undefined;
  onSaved: () => void;
  onCancel: () => void;
};

/** Editing an entry's text (docs/product/entries.md#entries-edit-window): editing → saving → closed on success, open on failure. */
export function EntryEditForm({
  entryId,
  initialText,
  initialMood = null,
  withMood = false,
  hasMedia = false,
  assist,
  onSaved,
  onCancel,
}: EntryEditFormProps) {
  const { saveEdit, isSaving } = useEditEntry();
  const [text, setText] = useState(initialText);
  const [mood, setMood] = useState<string | null>(initialMood);
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const errorId = useId();
  const isBlank = !text.trim();

  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, []);

  const onSubmit = async () => {
    if (isBlank || isSaving) return;
    const isSaved = await saveEdit({
      id: entryId,
      text: text.trim(),
      ...(withMood ? { mood } : {}),
      currentMood: initialMood,
    });
    if (isSaved) onSaved();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // Keys pressed in the mood picker (rendered outside the form) belong to the picker.
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void onSubmit();
    }
  };

  const describedBy = [
    isBlank ? errorId : null,
    text.length >= ENTRY_LIMITS.counterFromChars ? counterId : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-2"
    >
      <Textarea
        ref={textareaRef}
        aria-label="Edit entry"
        aria-invalid={isBlank}
        aria-describedby={describedBy || undefined}
        value={text}
        maxLength={ENTRY_LIMITS.maxChars}
        onChange={(event) => setText(sanitizeEntryText(event.target.value))}
        rows={6}
        className="min-h-40 leading-relaxed"
      />
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        {isBlank ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {ENTRY_MESSAGES.contentEmpty}
          </p>
        ) : (
          <span />
        )}
        <CharacterCounter length={text.length} id={counterId} />
      </div>
      {hasMedia ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Paperclip aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {MEDIA_FIXED_NOTE}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-1">
          {withMood ? (
            <MoodPicker value={mood} onChange={setMood} open={isPickerOpen} onOpenChange={setIsPickerOpen} />
          ) : null}
          {assist?.(text, (next) => setText(sanitizeEntryText(next)))}
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={isSaving || isBlank} aria-busy={isSaving}>
            Save changes
          </Button>
        </div>
      </div>
    </form>
  );
}
