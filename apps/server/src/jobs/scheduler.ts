import type { FastifyBaseLogger } from 'fastify';

export type JobDefinition = {
  name: string;
  everyMs: number;
  /**
   * Must be safe to run on several instances at once: claim rows with SKIP LOCKED, never trust memory. `signal`
   * aborts when the scheduler stops: a long run stops at its next step, so that shutdown need not wait for it.
   */
  run(signal?: AbortSignal): Promise<unknown>;
};

/** Where each run's start and outcome are written (the admin area's jobs health); failures to record are logged. */
export type JobRunRecorder = {
  started(name: string): Promise<void>;
  finished(name: string, error: unknown): Promise<void>;
};

/** Runs each job on its interval, never two runs of one job at once in this process; `stop` waits for runs in flight. */
export function startScheduler(jobs: JobDefinition[], log: FastifyBaseLogger, recorder?: JobRunRecorder) {
  const record = (what: Promise<void> | undefined) =>
    what?.catch((error: unknown) => log.warn({ err: error }, 'job run could not be recorded'));
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let isStopping = false;

  const tick = (job: JobDefinition) => {
    if (isStopping || running.has(job.name)) return;
    const run = (async () => {
      await record(recorder?.started(job.name));
      try {
        await job.run(stopping.signal);
        await record(recorder?.finished(job.name, undefined));
      } catch (error) {
        log.error({ err: error, job: job.name }, 'job failed');
        await record(recorder?.finished(job.name, error));
      }
    })().finally(() => running.delete(job.name));
    running.set(job.name, run);
  };

  for (const job of jobs) {
    timers.push(setInterval(() => tick(job), job.everyMs));
    tick(job);
  }

  return {
    async stop(): Promise<void> {
      isStopping = true;
      stopping.abort();
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
