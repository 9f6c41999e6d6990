import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/*
 * What an operator watches (ADR 072): Prometheus exposition of this instance's requests, database
 * pool, job backlogs, live streams, event loop and memory. Never on the public port without a token: served on
 * METRICS_PORT (a listener of its own, loopback by default), or on the public port at /metrics with
 * `Authorization: Bearer <METRICS_TOKEN>`. Labels never carry ids, tokens or e-mail addresses: a request is named
 * by its route's pattern.
 */

/** What the app hands in to be read at each scrape. */
export type MetricSources = {
  /** The PostgreSQL pool's connections; PGlite has none. */
  pool?: () => { total: number; idle: number; waiting: number };
  liveStreams: () => number;
  outbox: () => Promise<{ queued: number; retrying: number; failed: number; oldestQueuedAt: Date | null }>;
  /** Each job's last successful run (every instance's, from the database). */
  jobs: () => Promise<{ name: string; lastSucceededAt: Date | null }[]>;
  now: () => Date;
};

const seconds = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / 1000);

/**
 * Event-loop delay, heap and resident memory, CPU, handles: prom-client's process and Node.js metrics, registered
 * once per process (each registration starts its own event-loop monitor, and a test process builds many apps).
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(sources: MetricSources) {
  const own = new Registry();

  const requests = new Counter({
    name: 'daybook_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [own],
  });
  const durations = new Histogram({
    name: 'daybook_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [own],
  });

  new Gauge({
    name: 'daybook_db_pool_connections',
    help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [own],
    collect() {
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'daybook_live_streams',
    help: 'Open live event streams on this instance',
    registers: [own],
    collect() {
      this.set(sources.liveStreams());
    },
  });
  // Both outbox gauges are collected at once by a scrape: they share one read of the outbox.
  let outboxRead: ReturnType<MetricSources['outbox']> | null = null;
  const readOutbox = () => {
    outboxRead ??= sources.outbox().finally(() => {
      outboxRead = null;
    });
    return outboxRead;
  };
  new Gauge({
    name: 'daybook_outbox_messages',
    help: 'E-mails in the outbox: queued (retrying among them) and given up on',
    labelNames: ['state'] as const,
    registers: [own],
    async collect() {
      const outbox = await readOutbox();
      this.set({ state: 'queued' }, outbox.queued);
      this.set({ state: 'retrying' }, outbox.retrying);
      this.set({ state: 'failed' }, outbox.failed);
    },
  });
  new Gauge({
    name: 'daybook_outbox_oldest_queued_seconds',
    help: 'Age of the oldest queued e-mail (0 when none waits): how far delivery lags',
    registers: [own],
    async collect() {
      const { oldestQueuedAt } = await readOutbox();
      this.set(oldestQueuedAt ? seconds(oldestQueuedAt, sources.now()) : 0);
    },
  });
  new Gauge({
    name: 'daybook_job_seconds_since_success',
    help: "Seconds since each job's last successful run on any instance",
    labelNames: ['job'] as const,
    registers: [own],
    async collect() {
      for (const job of await sources.jobs()) {
        if (job.lastSucceededAt) this.set({ job: job.name }, seconds(job.lastSucceededAt, sources.now()));
      }
    },
  });

  return {
    registry: Registry.merge([processMetrics(), own]),
    /** One answered request; `route` is the matched pattern ("/api/entries/:id"), or "unmatched". */
    observe(method: string, route: string, status: number, elapsedSeconds: number) {
      requests.inc({ method, route, status: String(status) });
      durations.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, elapsedSeconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function isMetricsToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * METRICS_PORT's listener: GET /metrics and nothing else, for Prometheus on the operator's network. Loopback by
 * default (METRICS_HOST), so a fresh install exposes nothing.
 */
export async function serveMetrics(
  registry: Registry,
  where: { host: string; port: number },
): Promise<{ server: Server; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  return {
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
