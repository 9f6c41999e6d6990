import type { TimeoutProvider } from '@tanstack/react-query';

type Timer = { due: number; run: () => void; every: number | undefined };

/**
 * TanStack Query's timers (staleness, garbage collection, refetch intervals) behind one platform timer, set for the
 * earliest that is due (ADR 051). The dashboard's first commit mounts some thirty query observers in one task, each
 * setting its own timers; a platform timer costs little, but thirty of them were a fifth of that task under
 * Lighthouse's tracing, which records a stack for each. Installed once, before the query client is made
 * (`timeoutManager.setTimeoutProvider`).
 *
 * `now` is the wall clock, which test fake timers move; a timer comes due at the same moment as a platform timer
 * set with the same delay would.
 */
export function coalescedTimers(now: () => number = Date.now): TimeoutProvider<number> {
  const timers = new Map<number, Timer>();
  let nextId = 1;
  let platformTimer: ReturnType<typeof setTimeout> | undefined;
  let platformDue = Number.POSITIVE_INFINITY;

  /**
   * Points the platform timer at `due` when that is sooner than where it points. Adding a timer only compares it
   * with that one moment: a scan of every timer on each add made the dashboard's first commit, which adds a few
   * hundred query timers, quadratic (61 ms of main thread under a 4× slower CPU).
   */
  const armFor = (due: number) => {
    if (due >= platformDue) return;
    if (platformTimer !== undefined) clearTimeout(platformTimer);
    platformDue = due;
    platformTimer = setTimeout(fire, Math.max(0, due - now()));
  };

  const fire = () => {
    platformTimer = undefined;
    platformDue = Number.POSITIVE_INFINITY;
    const firedAt = now();
    for (const [id, timer] of [...timers]) {
      // A timer that an earlier callback cleared does not run.
      if (timer.due > firedAt || timers.get(id) !== timer) continue;
      if (timer.every === undefined) timers.delete(id);
      else timer.due = firedAt + timer.every;
      try {
        timer.run();
      } catch (error) {
        // As a platform timer's would be: reported, and the other timers still run.
        reportError(error);
      }
    }
    let earliest = Number.POSITIVE_INFINITY;
    for (const timer of timers.values()) earliest = Math.min(earliest, timer.due);
    armFor(earliest);
  };

  const add = (run: () => void, delay: number, every: number | undefined) => {
    const id = nextId++;
    const due = now() + Math.max(0, delay);
    timers.set(id, { due, run, every });
    armFor(due);
    return id;
  };
  // A cleared timer is only forgotten: the platform timer, if it was set for it, finds nothing due and re-arms.
  const clear = (id: number | undefined) => {
    if (id !== undefined) timers.delete(id);
  };

  return {
    setTimeout: (run, delay) => add(run, delay, undefined),
    clearTimeout: clear,
    setInterval: (run, delay) => add(run, delay, Math.max(1, delay)),
    clearInterval: clear,
  };
}
