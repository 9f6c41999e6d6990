import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { deriveEntryKey, encryptText, MOODS } from '@daybook/shared';

/**
 * The load generator of `npm run bench:load`, of `npm run bench`'s topology step and of the topology test's failure
 * under load (ADR 090): simulated people who sign in, write with the browser's encryption (the shared WebCrypto
 * code, the key derived from the salt the API gives), read pages of their journal, fetch the search candidates,
 * share entries, and hold a live stream each, against any Daybook URL. Operations start at a chosen rate (an open
 * loop: a slow server does not slow the arrivals, it queues them, as real people would), each by a random person.
 */

export type Account = { email: string; password: string };

export const OPERATIONS = ['sign-in', 'write', 'read-page', 'search', 'share'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** Of 100 operations: mostly reading and writing, as a journal is used; sign-ins cost an argon2 hash each. */
export const DEFAULT_MIX: Record<Operation, number> = {
  'sign-in': 4,
  write: 36,
  'read-page': 32,
  search: 18,
  share: 10,
};

export type LoadOptions = {
  /** The origin people reach: the balancer, or one instance. */
  url: string;
  accounts: Account[];
  /** Operations started per second, all people together. */
  ratePerSecond: number;
  seconds: number;
  mix?: Record<Operation, number>;
  /** A certificate to trust (a self-signed one), or `insecure` to accept any. */
  ca?: Buffer;
  insecure?: boolean;
  /** Each person holds a live stream (`GET /api/events`) for the whole run, as a signed-in tab does. */
  liveStreams?: boolean;
  /** Operations in flight at most; an arrival beyond it is counted as dropped, not queued without bound. */
  maxInFlight?: number;
  /** Called as the run goes, e.g. to kill an instance halfway. */
  during?: (run: { elapsedMs: () => number }) => Promise<void>;
};

/** One operation as it went: times in ms since the run started. */
export type Sample = { op: Operation; startMs: number; endMs: number; status: number; error?: string };

/** A stream that dropped, and when it was back and resynced (ms since the start; null: never within the run). */
export type StreamDrop = {
  person: number;
  droppedMs: number;
  reconnectedMs: number | null;
  resyncedMs: number | null;
};

export type OperationFigures = {
  op: Operation;
  count: number;
  errors: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
};

export type LoadResult = {
  url: string;
  people: number;
  ratePerSecond: number;
  seconds: number;
  /** Operations completed per second over the run. */
  throughput: number;
  operations: OperationFigures[];
  errors: number;
  /** Arrivals not started because maxInFlight were in flight. */
  dropped: number;
  samples: Sample[];
  /** Entries the server acknowledged (201), by id: none may be missing afterwards. */
  acknowledgedEntryIds: string[];
  streams: { opened: number; events: Record<string, number>; drops: StreamDrop[] };
};

const ENTRY_WORDS = [
  'river',
  'morning',
  'coffee',
  'quiet',
  'walk',
  'rain',
  'garden',
  'letter',
  'music',
  'tired',
];

/** The key the browser derives for a person's entries (WebCrypto's, through the shared code). */
export type EntryKey = Awaited<ReturnType<typeof deriveEntryKey>>;

type Person = CookieJar & {
  index: number;
  account: Account;
  userId: string;
  key: EntryKey;
  entryIds: string[];
};

/** Whose cookies a request carries and keeps: one simulated person, one browser. */
export type CookieJar = { cookies: Map<string, string> };
export const newCookieJar = (): CookieJar => ({ cookies: new Map() });

/** A small HTTP client over node's agents: keep-alive, a trusted certificate, a cookie jar per person. */
export function createApiClient(options: { url: string; ca?: Buffer; insecure?: boolean; sockets?: number }) {
  const base = new URL(options.url);
  const isHttps = base.protocol === 'https:';
  const agent = isHttps
    ? new https.Agent({
        keepAlive: true,
        maxSockets: options.sockets ?? 64,
        ca: options.ca,
        rejectUnauthorized: !options.insecure,
      })
    : new http.Agent({ keepAlive: true, maxSockets: options.sockets ?? 64 });
  const transport = isHttps ? https : http;

  const headersFor = (jar: CookieJar | null): Record<string, string> => ({
    // Mutating requests must come from the app's own origin (the server's origin check).
    origin: base.origin,
    'user-agent': 'daybook-load-generator',
    ...(jar && jar.cookies.size > 0
      ? { cookie: [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
      : {}),
  });
  const keepCookies = (jar: CookieJar | null, setCookie: string[] | undefined) => {
    for (const line of setCookie ?? []) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar?.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };

  return {
    agent,
    /** One request; `body` is sent as JSON, or as it is when a Buffer (with `headers` saying what it is). */
    async send(
      jar: CookieJar | null,
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
      const isRaw = Buffer.isBuffer(body);
      return new Promise((resolve, reject) => {
        const request = transport.request(
          new URL(path, base),
          {
            method,
            agent,
            headers: {
              ...headersFor(jar),
              ...(body === undefined || isRaw ? {} : { 'content-type': 'application/json' }),
              ...headers,
            },
            timeout: 15_000,
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
            });
            response.on('end', () => {
              keepCookies(jar, response.headers['set-cookie']);
              resolve({ status: response.statusCode ?? 0, text, headers: response.headers });
            });
            response.on('error', reject);
          },
        );
        request.on('timeout', () => request.destroy(new Error('timeout')));
        request.on('error', reject);
        request.end(body === undefined ? undefined : isRaw ? body : JSON.stringify(body));
      });
    },

    /**
     * `GET /api/events` held open as EventSource holds it: on a drop it waits the server's `retry` and reconnects
     * with Last-Event-ID, and the server answers a reconnect with `resync` first (ADR 024).
     */
    holdStream(
      jar: CookieJar,
      on: { open?(): void; event?(type: string, data: string): void; drop?(): void },
      stopped: AbortSignal,
    ) {
      let lastEventId: string | undefined;
      let retryMs = 1000;
      let current: http.ClientRequest | null = null;
      stopped.addEventListener('abort', () => current?.destroy(), { once: true });
      const connect = () => {
        if (stopped.aborted) return;
        const headers: Record<string, string> = { ...headersFor(jar), accept: 'text/event-stream' };
        if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
        // A connection of its own (no agent): a held stream must not take a pooled socket from the operations.
        const request = transport.request(new URL('/api/events', base), {
          headers,
          agent: false,
          ca: options.ca,
          rejectUnauthorized: !options.insecure,
        });
        current = request;
        let isDropped = false;
        const dropped = () => {
          if (stopped.aborted || isDropped) return;
          isDropped = true;
          on.drop?.();
          setTimeout(connect, retryMs);
        };
        request.on('response', (response) => {
          if (response.statusCode !== 200) {
            response.resume();
            dropped();
            return;
          }
          on.open?.();
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffer += chunk;
            for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              let type = 'message';
              let data: string | null = null;
              for (const line of block.split('\n')) {
                if (line.startsWith('retry: ')) retryMs = Number(line.slice(7));
                else if (line.startsWith('id: ')) lastEventId = line.slice(4);
                else if (line.startsWith('event: ')) type = line.slice(7);
                else if (line.startsWith('data:'))
                  data = (data === null ? '' : `${data}\n`) + line.slice(5).trim();
              }
              if (data !== null) on.event?.(type, data);
            }
          });
          response.on('close', dropped);
          response.on('error', () => {});
        });
        request.on('error', dropped);
        request.end();
      };
      connect();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Picks an operation by the mix's weights. */
function picker(mix: Record<Operation, number>) {
  const total = OPERATIONS.reduce((sum, op) => sum + mix[op], 0);
  return () => {
    let roll = Math.random() * total;
    for (const op of OPERATIONS) {
      roll -= mix[op];
      if (roll < 0) return op;
    }
    return OPERATIONS[OPERATIONS.length - 1]!;
  };
}

/** Shares to one address a day are capped (ADR 059): another person is chosen only while under this many. */
const SHARES_TO_ONE_PERSON = 15;

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.accounts.length === 0) throw new Error('runLoad needs at least one account');
  const mix = options.mix ?? DEFAULT_MIX;
  const maxInFlight = options.maxInFlight ?? 256;
  const api = createApiClient({ ...options, sockets: Math.min(maxInFlight, 128) });
  const samples: Sample[] = [];
  const acknowledgedEntryIds: string[] = [];
  const streams = { opened: 0, events: {} as Record<string, number>, drops: [] as StreamDrop[] };
  const sharesReceived = new Map<number, number>();
  let started = performance.now();
  const now = () => performance.now() - started;

  /** Runs one operation, timed, its outcome kept whatever happens. */
  const timed = async (op: Operation, run: () => Promise<number>) => {
    const startMs = now();
    try {
      const status = await run();
      samples.push({ op, startMs, endMs: now(), status });
      return status;
    } catch (error) {
      samples.push({ op, startMs, endMs: now(), status: 0, error: (error as Error).message });
      return 0;
    }
  };

  const signIn = async (person: Pick<Person, 'account' | 'cookies'> & Partial<Person>) => {
    const answer = await api.send(person as Person, 'POST', '/api/auth/sign-in', {
      email: person.account.email,
      password: person.account.password,
    });
    if (answer.status === 200) person.userId = JSON.parse(answer.text).user.id;
    return answer.status;
  };

  // Everyone signs in first (timed as sign-ins) and derives the entry key as the browser does, once.
  const people: Person[] = [];
  await Promise.all(
    options.accounts.map(async (account, index) => {
      const person = { index, account, cookies: new Map(), entryIds: [] } as unknown as Person;
      const status = await timed('sign-in', () => signIn(person));
      if (status !== 200) throw new Error(`${account.email} could not sign in (${status})`);
      const salt = await api.send(person, 'GET', '/api/encryption/salt');
      person.key = await deriveEntryKey(person.userId, JSON.parse(salt.text).salt);
      people.push(person);
    }),
  );
  people.sort((a, b) => a.index - b.index);

  const run: Record<Operation, (person: Person) => Promise<number>> = {
    'sign-in': (person) => signIn(person),
    async write(person) {
      const words = Array.from(
        { length: 12 },
        () => ENTRY_WORDS[Math.floor(Math.random() * ENTRY_WORDS.length)],
      );
      const sealed = await encryptText(person.key, `Load ${randomUUID().slice(0, 8)}: ${words.join(' ')}.`);
      const answer = await api.send(person, 'POST', '/api/entries', {
        encryptedContent: sealed.ciphertext,
        encryptionIv: sealed.iv,
        moodTag: MOODS[Math.floor(Math.random() * MOODS.length)]!.label,
        clientRequestId: randomUUID(),
      });
      if (answer.status === 201) {
        const id = JSON.parse(answer.text).entry.id as string;
        person.entryIds.push(id);
        acknowledgedEntryIds.push(id);
      }
      return answer.status;
    },
    async 'read-page'(person) {
      const page = 1 + Math.floor(Math.random() * Math.min(3, 1 + person.entryIds.length / 20));
      return (await api.send(person, 'GET', `/api/entries?page=${page}&pageSize=20`)).status;
    },
    async search(person) {
      // The last 30 days' candidates, every page, as the browser's search fetches them before decrypting.
      const to = new Date();
      const from = new Date(to.getTime() - 30 * 24 * 3600_000);
      let after: string | null = null;
      let status = 0;
      for (let pages = 0; pages < 20; pages++) {
        const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
        if (after) query.set('after', after);
        const answer = await api.send(person, 'GET', `/api/entries/search-candidates?${query}`);
        status = answer.status;
        if (status !== 200) return status;
        after = JSON.parse(answer.text).next;
        if (!after) break;
      }
      return status;
    },
    async share(person) {
      const entryId = person.entryIds[Math.floor(Math.random() * person.entryIds.length)];
      if (!entryId) return run.write(person);
      // Another simulated person when one is under the day's cap (their bell fires), else an outside address.
      const others = people.filter(
        (other) => other !== person && (sharesReceived.get(other.index) ?? 0) < SHARES_TO_ONE_PERSON,
      );
      const recipient = others[Math.floor(Math.random() * others.length)];
      if (recipient) sharesReceived.set(recipient.index, (sharesReceived.get(recipient.index) ?? 0) + 1);
      const email = recipient?.account.email ?? `load-${randomUUID()}@example.com`;
      return (
        await api.send(person, 'POST', `/api/entries/${entryId}/shares`, {
          recipients: [{ email }],
          consent: true,
        })
      ).status;
    },
  };

  const stopStreams = new AbortController();
  // One listener per person's stream on this signal: as many as there are people, by design.
  setMaxListeners(0, stopStreams.signal);
  if (options.liveStreams ?? true) {
    for (const person of people) {
      streams.opened++;
      // A drop is closed by the reconnect's `resync`, which says the tab has caught up through whichever instance.
      let drop: StreamDrop | null = null;
      api.holdStream(
        person,
        {
          open() {
            if (drop) drop.reconnectedMs = now();
          },
          event(type) {
            streams.events[type] = (streams.events[type] ?? 0) + 1;
            if (type === 'resync' && drop) {
              drop.resyncedMs = now();
              drop = null;
            }
          },
          drop() {
            if (drop) return;
            drop = { person: person.index, droppedMs: now(), reconnectedMs: null, resyncedMs: null };
            streams.drops.push(drop);
          },
        },
        stopStreams.signal,
      );
    }
  }

  // The run proper: samples of the sign-in phase are not part of its figures.
  samples.length = 0;
  started = performance.now();
  const pick = picker(mix);
  const inFlight = new Set<Promise<unknown>>();
  let dropped = 0;
  const during = options.during?.({ elapsedMs: now });
  const intervalMs = 1000 / options.ratePerSecond;
  for (let n = 0; ; n++) {
    const due = n * intervalMs;
    if (due >= options.seconds * 1000) break;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    if (inFlight.size >= maxInFlight) {
      dropped++;
      continue;
    }
    const op = pick();
    const person = people[Math.floor(Math.random() * people.length)]!;
    const operation = timed(op, () => run[op](person)).finally(() => inFlight.delete(operation));
    inFlight.add(operation);
  }
  await Promise.all(inFlight);
  await during;
  const elapsedSeconds = now() / 1000;
  stopStreams.abort();
  api.agent.destroy();

  const operations = OPERATIONS.map((op): OperationFigures => {
    const mine = samples.filter((sample) => sample.op === op);
    const latencies = mine.map((sample) => sample.endMs - sample.startMs).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    for (const sample of mine) {
      const key = sample.error ?? String(sample.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    return {
      op,
      count: mine.length,
      errors: mine.filter(isError).length,
      perSecond: mine.length / elapsedSeconds,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      p99Ms: percentile(latencies, 99),
      statuses,
    };
  });
  return {
    url: options.url,
    people: people.length,
    ratePerSecond: options.ratePerSecond,
    seconds: elapsedSeconds,
    throughput: samples.length / elapsedSeconds,
    operations,
    errors: samples.filter(isError).length,
    dropped,
    samples,
    acknowledgedEntryIds,
    streams,
  };
}

/** A failed operation: no answer, or an answer other than success. */
export const isError = (sample: Sample) => sample.status < 200 || sample.status >= 300;

const fmt = (n: number, digits = 0) =>
  Number.isNaN(n)
    ? '—'
    : n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The figures as a table: throughput, p50/p95/p99 per operation, and the errors with their statuses. */
export function printLoad(title: string, result: LoadResult): void {
  console.info(
    `\n${title}: ${result.people} people, ${fmt(result.ratePerSecond)} operations/s asked for ${fmt(result.seconds, 1)} s against ${result.url}`,
  );
  console.table(
    result.operations.map((figures) => ({
      operation: figures.op,
      count: figures.count,
      'per s': fmt(figures.perSecond, 1),
      'p50 ms': fmt(figures.p50Ms, 1),
      'p95 ms': fmt(figures.p95Ms, 1),
      'p99 ms': fmt(figures.p99Ms, 1),
      errors: figures.errors,
      statuses: Object.entries(figures.statuses)
        .map(([status, count]) => `${status}×${count}`)
        .join(' '),
    })),
  );
  const events = Object.entries(result.streams.events)
    .map(([type, count]) => `${type} ${count}`)
    .join(', ');
  console.info(
    `Throughput ${fmt(result.throughput, 1)} operations/s, ${result.errors} errors, ${result.dropped} arrivals dropped (too many in flight); ${result.streams.opened} live streams held (events: ${events || 'none'}; drops: ${result.streams.drops.length})`,
  );
}
