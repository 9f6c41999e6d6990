import { Smile, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { findMood } from '../moods.ts';

const loadMoodPickerPopup = () => import('./MoodPickerPopup.tsx');
const MoodPickerPopup = lazy(async () => ({ default: (await loadMoodPickerPopup()).MoodPickerPopup }));

/** Marks the picker's panel, which is rendered outside the card, as part of it (see QuickEntryCard). */
export const CARD_LAYER_ATTRIBUTE = 'data-entry-card-layer';

type MoodPickerProps = {
  value: string | null;
  onChange: (mood: string | null) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * "How are you feeling?": 16 moods in a grid of 4 columns, in a bottom drawer under 768 px and a popover
 * above (docs/product/entries.md#entries-moods). The trigger says the chosen mood; a separate button clears it.
 */
export function MoodPicker({ value, onChange, open, onOpenChange }: MoodPickerProps) {
  const chosen = findMood(value);
  // The panel's code loads on first open (or when the trigger is pointed at or focused); until then the
  // trigger stands here alone (ADR 020).
  const [isPanelWanted, setIsPanelWanted] = useState(open);
  const preload = () => void loadMoodPickerPopup().catch(() => undefined);

  const choose = (label: string) => {
    onChange(label);
    onOpenChange(false);
  };

  const trigger = (
    <Button
      variant="outline"
      size="sm"
      aria-label={chosen ? `Choose mood (${chosen.label})` : 'Choose mood'}
      className={cn(chosen && 'border-primary/50 bg-tint text-tint-foreground hover:bg-tint/70')}
    >
      {chosen ? (
        <>
          <span aria-hidden="true" className="text-base leading-none">
            {chosen.emoji}
          </span>
          {chosen.label}
        </>
      ) : (
        <>
          <Smile aria-hidden="true" />
          Mood
        </>
      )}
    </Button>
  );

  const standIn = (
    <Button
      {...trigger.props}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => {
        setIsPanelWanted(true);
        onOpenChange(true);
      }}
    />
  );

  return (
    <div className="flex items-center gap-1">
      {isPanelWanted || open ? (
        <Suspense fallback={standIn}>
          <MoodPickerPopup
            trigger={trigger}
            value={value}
            open={open}
            onOpenChange={onOpenChange}
            onChoose={choose}
          />
        </Suspense>
      ) : (
        standIn
      )}
      {chosen ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-8 [&_svg]:size-4"
          aria-label="Clear mood"
          onClick={() => onChange(null)}
        >
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
