import type { SessionUser } from '@daybook/shared';
import type { Executor } from '../../db/client.ts';
import { queueSessionEnded } from '../../db/live-events.ts';
import type { EventStream } from '../../infra/live/event-stream.ts';
import type { LiveHub } from '../../infra/live/hub.ts';

/**
 * Live updates for signed-in tabs (`GET /api/events`). The events themselves are queued by the modules that
 * make the changes (`queueLiveEvent` in their transactions); this module holds the streams that receive them.
 */
export function createEventsService(deps: { db: Executor; hub: LiveHub }) {
  const { db, hub } = deps;
  return {
    /**
     * Opens a stream for the user's session once this instance listens for events, so nothing committed after
     * the stream opened can be missed. `isReconnect` (the browser sent Last-Event-ID) sends `resync` first.
     */
    async open(
      user: SessionUser,
      sessionId: string,
      isReconnect: boolean,
      startStream: () => EventStream,
    ): Promise<void> {
      await hub.start();
      hub.add(user.id, sessionId, startStream(), isReconnect);
    },

    /** After a sign-out: every instance closes that session's streams now rather than at the next heartbeat. */
    sessionEnded: (sessionId: string) => queueSessionEnded(db, sessionId),

    /** Open streams on this instance. */
    streamCount: () => hub.size(),

    /** Ends every stream and stops listening (shutdown). */
    close: () => hub.close(),
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
