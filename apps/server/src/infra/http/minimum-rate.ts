import type { IncomingMessage } from 'node:http';

export type MinimumRate = {
  /** Fewer bytes than this in any `windowMs` while we are reading the body cuts the request. */
  minBytes: number;
  windowMs: number;
};

/** The error a request body is destroyed with when its sender is too slow; it drops the connection. */
export class SlowRequestError extends Error {
  override name = 'SlowRequestError';
  readonly statusCode = 408;
  readonly code = 'REQUEST_TIMEOUT';
}

/**
 * Watches a request body and destroys the request (and with it the connection) when the client sends fewer
 * than `minBytes` in a sliding window of `windowMs`. Bytes are read from the socket's counter, so watching
 * never consumes or reorders the body (multipart pipes `request.raw` itself, and a 'data' listener would
 * start the flow before it is attached). Time during which *we* are not reading — the body is not flowing
 * yet (a handler still checks the plan) or is paused by back-pressure (a slow disk) — is not held against
 * the client: the window restarts once we read again. Stops by itself when the body ends or the request closes.
 */
export function watchMinimumRate(request: IncomingMessage, rate: MinimumRate): () => void {
  const socket = request.socket;
  // light-my-request (inject) has no real socket and no byte counter; its bodies arrive at once anyway.
  if (!socket || typeof socket.bytesRead !== 'number') return () => {};
  const tickMs = Math.max(10, Math.floor(rate.windowMs / 5));
  /** Socket byte counts, one per tick, over at most one window of uninterrupted reading. */
  let samples: { at: number; bytes: number }[] = [];

  const timer = setInterval(() => {
    const isReading = request.readableFlowing === true && request.readableLength === 0;
    if (!isReading) {
      samples = [];
      return;
    }
    const now = Date.now();
    samples.push({ at: now, bytes: socket.bytesRead });
    while (samples.length > 1 && now - samples[1]!.at >= rate.windowMs) samples.shift();
    const oldest = samples[0]!;
    if (now - oldest.at >= rate.windowMs && socket.bytesRead - oldest.bytes < rate.minBytes) {
      stop();
      request.destroy(
        new SlowRequestError(
          `request body slower than ${rate.minBytes} bytes per ${rate.windowMs} ms; connection closed`,
        ),
      );
    }
  }, tickMs);
  // A watcher must never keep the process alive on its own.
  timer.unref();

  function stop() {
    clearInterval(timer);
    request.off('end', stop);
    request.off('close', stop);
  }
  request.once('end', stop);
  request.once('close', stop);
  return stop;
}
