import { SHARE_MESSAGES } from '@daybook/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from '../../../../lib/toast.ts';

export const HIGHLIGHT_SHARE_PARAM = 'highlight_share';

/**
 * `/dashboard?highlight_share` (the link in a share e-mail, accounts spec): opens the shares bell, says a share
 * arrived, and takes the parameter out of the address so a reload does not do it again.
 */
export function useHighlightShare(onHighlight: () => void): void {
  const { pathname, key } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const isHighlighted = pathname === '/dashboard' && searchParams.has(HIGHLIGHT_SHARE_PARAM);
  // Once per visit: StrictMode runs effects twice before the address loses the parameter.
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    if (!isHighlighted || handledKey.current === key) return;
    handledKey.current = key;
    onHighlight();
    toast.info(SHARE_MESSAGES.newShareToast, { description: SHARE_MESSAGES.newShareToastDescription });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(HIGHLIGHT_SHARE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [isHighlighted, key, onHighlight, setSearchParams]);
}
