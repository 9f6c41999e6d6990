import { MESSAGES } from '@daybook/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BRIEF_TOAST, COPIED_STATE_MS } from './constants.ts';
import { toast } from './toast.ts';

/** Copies text and says so in a toast. `navigator.clipboard` is missing outside secure contexts. */
export async function copyTextWithToast(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    toast.error(MESSAGES.copyFailed, BRIEF_TOAST);
    return false;
  }
  toast.success(MESSAGES.linkCopied, BRIEF_TOAST);
  return true;
}

/** Copy with a short-lived "copied" state for the button that did it (2 s, docs/product/shell.md#shell-timings). */
export function useCopyToClipboard(copiedStateMs: number = COPIED_STATE_MS) {
  const [isCopied, setIsCopied] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const copy = useCallback(
    async (text: string) => {
      const isDone = await copyTextWithToast(text);
      if (!isDone) return false;
      setIsCopied(true);
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(() => setIsCopied(false), copiedStateMs);
      return true;
    },
    [copiedStateMs],
  );

  return { isCopied, copy };
}
