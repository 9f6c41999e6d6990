import { ENTRY_LIMITS, editWindowBadge, editWindowRemainingMs } from '@daybook/shared';
import { useEffect, useRef, useState } from 'react';

/**
 * The 12-hour edit window of an entry (docs/product/entries.md#entries-edit-window): re-evaluated every 60 seconds and once more exactly
 * when it closes, when `onExpire` is called.
 */
export function useEditWindow(createdAt: string, onExpire?: () => void) {
  const created = new Date(createdAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  const remainingMs = editWindowRemainingMs(new Date(created), new Date(now));
  const isEditable = remainingMs > 0;
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    if (!isEditable) return;
    const tick = () => setNow(Date.now());
    const interval = setInterval(tick, ENTRY_LIMITS.ageRecheckMs);
    const expiry = setTimeout(
      () => {
        tick();
        onExpireRef.current?.();
      },
      editWindowRemainingMs(new Date(created), new Date()),
    );
    return () => {
      clearInterval(interval);
      clearTimeout(expiry);
    };
  }, [created, isEditable]);

  return { remainingMs, isEditable, badge: editWindowBadge(remainingMs) };
}
