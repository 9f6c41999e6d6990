import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { entryTime } from '../format.ts';
import { MoodPicker } from './MoodPicker.tsx';

export type SaveState = 'idle' | 'saving' | 'saved';

const SAVE_LABEL: Record<SaveState, string> = { idle: 'Save', saving: 'Saving...', saved: 'Saved' };

type QuickEntryFooterProps = {
  mood: string | null;
  onMoodChange: (mood: string | null) => void;
  isPickerOpen: boolean;
  onPickerOpenChange: (open: boolean) => void;
  /** The media feature's attach button, when the page offers media. */
  mediaControl: ReactNode;
  /** The ai feature's "AI Assist", when the page offers it. */
  assistControl: ReactNode;
  words: number;
  /** When the local draft was last written, or null. */
  draftSavedAt: string | null;
  /** "Discard draft" is offered while there is something to discard and no save under way. */
  canDiscard: boolean;
  onDiscard: () => void;
  saveState: SaveState;
  isSaveDisabled: boolean;
  /** Why "Save" is disabled, when something outside the footer says it (today's limit). */
  saveDescribedBy?: string | undefined;
  onSave: () => void;
};

/** The quick entry's actions (mood, media, AI Assist) and its status line with "Discard draft" and "Save". */
export function QuickEntryFooter({
  mood,
  onMoodChange,
  isPickerOpen,
  onPickerOpenChange,
  mediaControl,
  assistControl,
  words,
  draftSavedAt,
  canDiscard,
  onDiscard,
  saveState,
  isSaveDisabled,
  saveDescribedBy,
  onSave,
}: QuickEntryFooterProps) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-1">
        <MoodPicker
          value={mood}
          onChange={onMoodChange}
          open={isPickerOpen}
          onOpenChange={onPickerOpenChange}
        />
        {mediaControl}
        {assistControl}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-3">
        <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
          <span>
            {words} {words === 1 ? 'word' : 'words'}
          </span>
          {draftSavedAt ? <span>Last saved {entryTime(draftSavedAt)}</span> : null}
        </p>
        <div className="flex items-center gap-2">
          {canDiscard ? (
            <Button variant="ghost" size="sm" onClick={onDiscard}>
              Discard draft
            </Button>
          ) : null}
          <Button
            onClick={onSave}
            disabled={isSaveDisabled}
            aria-describedby={saveDescribedBy}
            className="min-w-24"
          >
            {saveState === 'saved' ? <Check aria-hidden="true" /> : null}
            {SAVE_LABEL[saveState]}
          </Button>
        </div>
      </div>
    </div>
  );
}
