import type { LucideIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';

export type TabItem<T extends string> = {
  value: T;
  label: string;
  Icon: LucideIcon;
  /** Why the tab cannot be chosen (tooltip and description); absent when it can. */
  disabledReason?: string | null;
};

type MediaTabsProps<T extends string> = {
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onValueChange: (value: T) => void;
  /** The content of the selected tab's panel. */
  children: ReactNode;
  className?: string;
};

/**
 * Tabs with the ARIA tabs pattern: one tab stop, arrow keys (and Home/End) move along the tabs and
 * select the one reached. A disabled tab can still be reached, so that its tooltip can say why it is
 * disabled, but never selected.
 */
export function MediaTabs<T extends string>({
  label,
  tabs,
  value,
  onValueChange,
  children,
  className,
}: MediaTabsProps<T>) {
  const baseId = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (tab: T) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  const moveTo = (index: number) => {
    const tab = tabs[index];
    if (!tab) return;
    buttons.current[index]?.focus();
    if (!tab.disabledReason) onValueChange(tab.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    if (event.key === 'ArrowRight') moveTo(index === last ? 0 : index + 1);
    else if (event.key === 'ArrowLeft') moveTo(index === 0 ? last : index - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(last);
    else return;
    event.preventDefault();
  };

  return (
    <div className={cn('flex flex-col gap-4', className)}>
      <div role="tablist" aria-label={label} className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
        {tabs.map((tab, index) => {
          const isSelected = tab.value === value;
          const isDisabled = Boolean(tab.disabledReason);
          const reasonId = `${baseId}-reason-${tab.value}`;
          const button = (
            <button
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              aria-disabled={isDisabled || undefined}
              aria-describedby={isDisabled ? reasonId : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => {
                if (!isDisabled) onValueChange(tab.value);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'inline-flex h-9 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors [&_svg]:size-4',
                'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                isSelected && 'bg-card text-foreground shadow-sm dark:bg-border',
                isDisabled && 'cursor-not-allowed opacity-50 hover:text-muted-foreground',
              )}
            >
              <tab.Icon aria-hidden="true" />
              {tab.label}
            </button>
          );
          if (!isDisabled) return <span key={tab.value}>{button}</span>;
          return (
            <span key={tab.value}>
              <Tooltip>
                <TooltipTrigger asChild>{button}</TooltipTrigger>
                <TooltipContent>{tab.disabledReason}</TooltipContent>
              </Tooltip>
              <span id={reasonId} className="sr-only">
                {tab.disabledReason}
              </span>
            </span>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} className="flex flex-col gap-4">
        {children}
      </div>
    </div>
  );
}
