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
  },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    duration: options.seconds,
    connections: options.connections,
    method: options.method ?? 'GET',
    body: options.body,
    headers: options.headers,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * Measures two targets in alternating rounds within one run, so machine noise hits both alike,
 * and reports their ratio (a ÷ b). `warmUp`, for reads (writes would change what is measured): each target is
 * first driven briefly, unmeasured. The first second of load on a fresh server compiles its code and prepares its
 * statements, which a bare client has far less of; with that second counted, the dashboard's ratio read anywhere
 * from 0.66 to 0.80 on the same code.
 */
export async function compare(
  a: () => Promise<LoadResult>,
  b: () => Promise<LoadResult>,
  { warmUp }: { warmUp?: { a: () => Promise<LoadResult>; b: () => Promise<LoadResult> } } = {},
): Promise<{ a: LoadResult; b: LoadResult; ratio: number }> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  if (warmUp) {
    await warmUp.a();
    await warmUp.b();
  }
  const as: LoadResult[] = [];
  const bs: LoadResult[] = [];
  for (let i = 0; i < rounds; i++) {
    as.push(await a());
    bs.push(await b());
  }
  const mean = (xs: LoadResult[]): LoadResult => ({
    requestsPerSecond: avg(xs.map((x) => x.requestsPerSecond)),
    p50Ms: avg(xs.map((x) => x.p50Ms)),
    p99Ms: avg(xs.map((x) => x.p99Ms)),
    errors: xs.reduce((s, x) => s + x.errors, 0),
    non2xx: xs.reduce((s, x) => s + x.non2xx, 0),
  });
  const ma = mean(as);
  const mb = mean(bs);
  return { a: ma, b: mb, ratio: ma.requestsPerSecond / mb.requestsPerSecond };
}

const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
