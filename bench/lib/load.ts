import autocannon from 'autocannon';

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
};

/** Drives one URL with autocannon for a fixed time and connection count (loopback only). */
export async function load(
  url: string,
  options: {
    seconds: number;
    connections: number;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    /** The n-th request's path, body and headers, for a load spread over several users or resources. */
    requestAt?: (index: number) => { path: string; body?: string; headers?: Record<string, string> };
  },
): Promise<LoadResult> {
  let sent = 0;
  const requestAt = options.requestAt;
  const result = await autocannon({
    url,
    duration: options.seconds,
    connections: options.connections,
    method: options.method ?? 'GET',
    body: options.body,
    headers: options.headers,
    ...(requestAt
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const next = requestAt(sent++);
                return { ...request, ...next, headers: { ...request.headers, ...next.headers } };
              },
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Measured rounds per side in `compare`: three, so their median can set one bad round aside. */
export const COMPARE_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** A full collection before a measured round (bench runs with --expose-gc), so no round pays for the last one's garbage. */
const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

/**
 * Measures two targets in paired rounds within one run, so machine noise hits both alike, and reports their
 * ratio (a ÷ b) as the median of the rounds' ratios: one round that a collection or another process slowed
 * (a 100,000-entry dashboard round once read 0.60 beside 0.80 in the next run) does not move it. The order
 * within a pair alternates, so neither side always runs on a warmer process. `warmUp`, for reads (writes would
 * change what is measured): each target is first driven briefly, unmeasured. The first second of load on a fresh
 * server compiles its code and prepares its statements, which a bare client has far less of; with that second
 * counted, the dashboard's ratio read anywhere from 0.66 to 0.80 on the same code.
 */
export async function compare(
  a: () => Promise<LoadResult>,
  b: () => Promise<LoadResult>,
  { warmUp }: { warmUp?: { a: () => Promise<LoadResult>; b: () => Promise<LoadResult> } } = {},
): Promise<{ a: LoadResult; b: LoadResult; ratio: number }> {
  if (warmUp) {
    await warmUp.a();
    await warmUp.b();
  }
  const measured = async (target: () => Promise<LoadResult>) => {
    collectGarbage();
    return target();
  };
  const as: LoadResult[] = [];
  const bs: LoadResult[] = [];
  for (let i = 0; i < COMPARE_ROUNDS; i++) {
    if (i % 2 === 0) {
      as.push(await measured(a));
      bs.push(await measured(b));
    } else {
      bs.push(await measured(b));
      as.push(await measured(a));
    }
  }
  const mean = (xs: LoadResult[]): LoadResult => ({
    requestsPerSecond: avg(xs.map((x) => x.requestsPerSecond)),
    p50Ms: avg(xs.map((x) => x.p50Ms)),
    p99Ms: avg(xs.map((x) => x.p99Ms)),
    errors: xs.reduce((s, x) => s + x.errors, 0),
    non2xx: xs.reduce((s, x) => s + x.non2xx, 0),
  });
  const ratios = as.map((x, i) => x.requestsPerSecond / bs[i]!.requestsPerSecond);
  return { a: mean(as), b: mean(bs), ratio: median(ratios) };
}

const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const median = (xs: number[]) => {
  const sorted = [...xs].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
