import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

const loadLiveStream = () => import('./live-stream.ts');

/**
 * The signed-in tab's live stream (mounted once, in the app shell): one EventSource while `userId` is set,
 * closed when the user signs out or changes. The stream's code (lib/live-stream.ts) loads only for a signed-in
 * tab, not with a visitor's first page (ADR 020). Browsers without EventSource rely on the bells' polling.
 */
export function useLiveEvents(userId: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let close: (() => void) | undefined;
    let isCancelled = false;
    void loadLiveStream().then(({ invalidateForLiveEvent, openLiveEvents }) => {
      if (isCancelled) return;
      close = openLiveEvents({
        onEvent: (event) => void invalidateForLiveEvent(client, event),
        onReconnect: () => void invalidateForLiveEvent(client, { type: 'resync' }),
      });
    });
    return () => {
      isCancelled = true;
      close?.();
    };
  }, [client, userId]);
}
