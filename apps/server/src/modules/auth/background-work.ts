export type BackgroundLog = { error(details: object, message: string): void };

/**
 * Work that must not delay an answer (it would reveal whether an address exists): started after the current
 * request's handler has returned, its failures logged, and awaited on shutdown.
 */
export function createBackgroundWork(log: BackgroundLog) {
  const pending = new Set<Promise<void>>();
  return {
    run(label: string, work: () => Promise<unknown>): void {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error }, `background ${label} failed`),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
