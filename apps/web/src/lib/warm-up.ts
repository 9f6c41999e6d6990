import { cn } from './cn.ts';
import { browserTimeZone } from './time-zone.ts';

/** Resolves in a later task, so that the work before and after it are two tasks, each short. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The page's first date formatter loads the browser's locale data (tens of milliseconds on a phone) and the first
 * `cn` builds tailwind-merge's class map: one-time costs that the first render would otherwise pay inside its
 * own, already long task, where the browser can answer no input. Here each gets a task of its own (ADR 051).
 */
export async function warmUpFirstRender(): Promise<void> {
  await nextTask();
  browserTimeZone();
  await nextTask();
  cn('p-1', 'p-2');
  await nextTask();
}
