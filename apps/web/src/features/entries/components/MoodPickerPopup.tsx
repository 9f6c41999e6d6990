import { type KeyboardEvent, type ReactElement, useId, useRef } from 'react';
import {
  Drawer,
  DrawerContent,
  DrawerDescription,
  DrawerTitle,
  DrawerTrigger,
} from '../../../components/ui/drawer.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { cn } from '../../../lib/cn.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { MOOD_PICKER_TITLE, PICKER_MOODS } from '../moods.ts';

const COLUMNS = 4;
const KEY_STEPS: Record<string, number> = {
  ArrowRight: 1,
  ArrowLeft: -1,
  ArrowDown: COLUMNS,
  ArrowUp: -COLUMNS,
};

/**
 * The picker's panel with its trigger: a bottom drawer under 768 px, a popover above. `MoodPicker` loads it
 * when first opened, so vaul and the popover's positioning code stay out of the pages' first load (ADR 020).
 */
export function MoodPickerPopup({
  trigger,
  value,
  open,
  onOpenChange,
  onChoose,
}: {
  trigger: ReactElement;
  value: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (label: string) => void;
}) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const titleId = useId();
  const grid = <MoodGrid value={value} onChoose={onChoose} />;

  return isMobile ? (
    <Drawer direction="bottom" open={open} onOpenChange={onOpenChange}>
      <DrawerTrigger asChild>{trigger}</DrawerTrigger>
      <DrawerContent side="bottom" className="gap-4 px-4 pt-2 pb-6" data-entry-card-layer="">
        <div className="flex flex-col gap-1">
          <DrawerTitle>{MOOD_PICKER_TITLE}</DrawerTitle>
          <DrawerDescription>Pick the mood that fits this entry.</DrawerDescription>
        </div>
        {grid}
      </DrawerContent>
    </Drawer>
  ) : (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent aria-labelledby={titleId} className="flex w-96 flex-col gap-3" data-entry-card-layer="">
        <h3 id={titleId} className="font-sans text-sm font-semibold">
          {MOOD_PICKER_TITLE}
        </h3>
        {grid}
      </PopoverContent>
    </Popover>
  );
}

function MoodGrid({ value, onChoose }: { value: string | null; onChoose: (label: string) => void }) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  // Arrow keys move through the grid as on a keypad; Tab still goes through every mood.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = PICKER_MOODS.length - 1;
    let next: number | undefined;
    if (event.key in KEY_STEPS) next = index + (KEY_STEPS[event.key] ?? 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    if (next === undefined) return;
    event.preventDefault();
    buttons.current[Math.min(last, Math.max(0, next))]?.focus();
  };

  return (
    <ul className="grid grid-cols-4 gap-1.5">
      {PICKER_MOODS.map((mood, index) => {
        const isChosen = mood.label === value;
        return (
          <li key={mood.label}>
            <button
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              aria-pressed={isChosen}
              onClick={() => onChoose(mood.label)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'flex w-full flex-col items-center gap-0.5 rounded-lg border border-transparent px-1 py-2 text-xs transition-colors hover:bg-muted',
                isChosen && 'border-primary bg-tint text-tint-foreground',
              )}
            >
              <span aria-hidden="true" className="text-2xl leading-none">
                {mood.emoji}
              </span>
              {/* Whole, never cut: the longest names ("Celebrating", "Productive") fit a cell of the 24rem popover or
                  the phone's drawer, and wrap rather than lose letters where a font is wider. */}
              <span className="max-w-full text-center leading-tight break-words">{mood.label}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
