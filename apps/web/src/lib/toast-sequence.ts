import { type ExternalToast, toast } from './toast.ts';

export type ToastStep = {
  kind: 'success' | 'warning' | 'error' | 'info';
  message: string;
  options?: ExternalToast;
};

/**
 * Shows toasts one after another, each once the previous one closes (by itself or by the person).
 * The Toaster shows one toast at a time and the newest on top, so toasts fired together would hide
 * all but the last (e.g. "Entry created successfully!" then "Saved ✓", docs/product/entries.md#entries-create).
 */
export function toastInTurn(steps: readonly ToastStep[]): void {
  const [step, ...rest] = steps;
  if (!step) return;
  let hasMovedOn = false;
  const next = () => {
    if (hasMovedOn) return;
    hasMovedOn = true;
    toastInTurn(rest);
  };
  toast[step.kind](step.message, { ...step.options, onAutoClose: next, onDismiss: next });
}
