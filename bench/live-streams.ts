import http from 'node:http';

/**
 * The browsers of the live benchmark, in a process of its own (its sockets do not count against the server's
 * descriptors, and its parsing does not share the server's event loop). Opens `streams` event streams, the last
 * one the recipient's; then, `samples` times, sends the request that causes an event and times it from the
 * request's start to the event's arrival on the recipient's stream. Started by live.bench.ts over IPC.
 */
export type HolderTask = {
  streamUrl: string;
  /** One Cookie header per stream (empty for the bare server); the last stream is the recipient's. */
  cookies: string[];
  cause: { url: string; method: string; cookie: string };
  samples: number;
  warmup: number;
};

export type HolderResult = { opened: number; openMs: number; latenciesMs: number[] };

const OPEN_CONCURRENCY = 200;

function openStream(url: string, cookie: string, isRecipient: boolean, onEvent: () => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: cookie ? { cookie } : {} }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let isOpen = false;
      // The end of the previous chunk: a marker split across two chunks is still seen.
      let tail = '';
      response.on('data', (chunk: string) => {
        // The first chunk (retry and id) says the server holds the stream.
        if (!isOpen) {
          isOpen = true;
          resolve(request);
        }
        if (!isRecipient) return;
        const text = tail + chunk;
        tail = text.slice(-32);
        if (text.includes('event: notification')) {
          tail = '';
          onEvent();
        }
      });
      response.on('error', () => {});
    });
    request.on('error', reject);
  });
}

async function run(task: HolderTask): Promise<HolderResult> {
  let waiting: ((at: number) => void) | null = null;
  const onEvent = () => {
    const at = performance.now();
    const resolve = waiting;
    waiting = null;
    resolve?.(at);
  };
  const started = performance.now();
  const open: http.ClientRequest[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next < task.cookies.length) {
        const index = next++;
        const isRecipient = index === task.cookies.length - 1;
        open.push(await openStream(task.streamUrl, task.cookies[index]!, isRecipient, onEvent));
      }
    }),
  );
  const openMs = performance.now() - started;
  // The parent counts the streams its server holds before the clock starts.
  await new Promise<void>((resolve) => {
    process.once('message', () => resolve());
    process.send?.({ ready: open.length });
  });

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latenciesMs: number[] = [];
  for (let i = 0; i < task.warmup + task.samples; i++) {
    const arrived = new Promise<number>((resolve) => {
      waiting = resolve;
    });
    const sentAt = performance.now();
    const request = http.request(task.cause.url, {
      method: task.cause.method,
      agent,
      headers: task.cause.cookie ? { cookie: task.cause.cookie } : {},
    });
    const answered = new Promise<void>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        response.on('end', resolve);
      });
      request.on('error', reject);
    });
    request.end();
    const at = await arrived;
    await answered;
    if (i >= task.warmup) latenciesMs.push(at - sentAt);
  }
  agent.destroy();
  for (const request of open) request.destroy();
  return { opened: open.length, openMs, latenciesMs };
}

process.once('message', (task: HolderTask) => {
  run(task).then(
    (result) => process.send?.({ result }, () => process.exit(0)),
    (error: Error) => process.send?.({ error: error.message }, () => process.exit(1)),
  );
});
