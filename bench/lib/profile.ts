import { Session } from 'node:inspector/promises';
import path from 'node:path';

/** One function's self time in a CPU profile. */
export type ProfileFrame = {
  /** `name (file:line)`, the file relative to the repository or `node_modules/<package>/…`. */
  frame: string;
  selfMs: number;
  /** Share of the profiled process's busy time (idle excluded), in percent. */
  sharePercent: number;
};

export type ProfileSummary = {
  /** Busy time sampled (idle excluded), ms. */
  busyMs: number;
  /** Share of busy time spent in the load generator (autocannon), which runs in this same process. */
  loadGeneratorPercent: number;
  top: ProfileFrame[];
  /** Self time summed by where the code lives (a package, our workspace, Node, the PGlite WebAssembly), in percent. */
  byOrigin: { origin: string; sharePercent: number }[];
};

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

function where(url: string): string {
  const file = url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules !== -1) return file.slice(modules + 1);
  return file.startsWith(repositoryRoot) ? path.relative(repositoryRoot, file) : file;
}

/** Where a frame's code lives: `fastify`, `zod`, `apps/server`, `node`, `wasm`, `native` (no script). */
function originOf(frame: CallFrame): string {
  const { url } = frame;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : 'native';
  if (url.startsWith('wasm://')) return 'wasm (PGlite)';
  if (url.startsWith('node:')) return 'node';
  const file = where(url);
  const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1]!;
  return file.split('/').slice(0, 2).join('/');
}

const isLoadGenerator = (url: string) =>
  /node_modules\/(autocannon|hdr-histogram|reinterval|retimer)/.test(url);

/**
 * Runs `work` under V8's sampling profiler (an inline inspector session: the benchmarked app runs in this process)
 * and returns the functions with the most self time. The load generator's own frames are counted apart: they are
 * the client, not the server under test.
 */
export async function profiled<T>(
  work: () => Promise<T>,
  options: { top?: number; intervalUs?: number } = {},
): Promise<{ result: T; profile: ProfileSummary }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: options.intervalUs ?? 200 });
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    return { result, profile: summarize(profile, options.top ?? 15) };
  } finally {
    session.disconnect();
  }
}

function summarize(profile: CpuProfile, top: number): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const selfUs = new Map<string, number>();
  const originUs = new Map<string, number>();
  let busyUs = 0;
  let loadGeneratorUs = 0;
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    if (!frame || frame.functionName === '(idle)') return;
    busyUs += delta;
    if (isLoadGenerator(frame.url)) {
      loadGeneratorUs += delta;
      return;
    }
    const name = frame.functionName || '(anonymous)';
    const key = frame.url ? `${name} (${where(frame.url)}:${frame.lineNumber + 1})` : name;
    selfUs.set(key, (selfUs.get(key) ?? 0) + delta);
    const origin = originOf(frame);
    originUs.set(origin, (originUs.get(origin) ?? 0) + delta);
  });
  const share = (us: number) => (busyUs === 0 ? 0 : Math.round((us / busyUs) * 1000) / 10);
  return {
    busyMs: Math.round(busyUs / 1000),
    loadGeneratorPercent: share(loadGeneratorUs),
    top: [...selfUs.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, us]) => ({ frame, selfMs: Math.round(us / 100) / 10, sharePercent: share(us) })),
    byOrigin: [...originUs.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([origin, us]) => ({ origin, sharePercent: share(us) })),
  };
}

/** The top frames as console lines. */
export function printProfile(title: string, profile: ProfileSummary, count = 10): void {
  console.info(
    `${title}: top frames by self time (${profile.busyMs} ms busy; load generator ${profile.loadGeneratorPercent} %)`,
  );
  console.info(`  by origin: ${profile.byOrigin.map((o) => `${o.origin} ${o.sharePercent} %`).join(', ')}`);
  for (const frame of profile.top.slice(0, count))
    console.info(
      `  ${frame.sharePercent.toFixed(1).padStart(5)} %  ${frame.selfMs.toFixed(1).padStart(8)} ms  ${frame.frame}`,
    );
}
