import type { FutureMessage } from '@daybook/shared';

/*
 * The loop both directions of the switch run over letters (ADR 097, ADR 098): page through the letters still under
 * the old version, convert each (or leave a damaged one and step over it), and tell progress after each. A converted
 * letter leaves the server's list, so the same page is asked for again until only stepped-over letters are on it;
 * a run stopped halfway resumes by running again.
 */

export type ReencryptProgress = { done: number; total: number };

export type ReencryptOutcome = {
  /** Letters now sealed under the target version. */
  converted: number;
  /** Letters whose text did not open here (damaged): left as they are. */
  unreadable: number;
};

/** The shape of one letters' step of the switch runner (on: reencrypt-step.ts, off: unseal-step.ts). */
export type ReencryptStep = {
  id: string;
  label: string;
  /** How many letters are still to convert. */
  count(signal?: AbortSignal): Promise<number>;
  /** Converts them, one by one, telling progress after each; stops with the signal's reason once aborted. */
  run(onProgress: (progress: ReencryptProgress) => void, signal?: AbortSignal): Promise<ReencryptOutcome>;
};

const PAGE_SIZE = 50;

export async function convertLetters(options: {
  /** The letters still to convert, a page at a time, with how many there are. */
  fetchPage: (
    page: number,
    pageSize: number,
    signal?: AbortSignal,
  ) => Promise<{ items: FutureMessage[]; total: number }>;
  /** Converts one letter: false when it does not open here (damaged), so it stays as it is. */
  convert: (letter: FutureMessage) => Promise<boolean>;
  onProgress: (progress: ReencryptProgress) => void;
  signal?: AbortSignal | undefined;
}): Promise<ReencryptOutcome> {
  const { fetchPage, convert, onProgress, signal } = options;
  const total = (await fetchPage(0, 1, signal)).total;
  const outcome: ReencryptOutcome = { converted: 0, unreadable: 0 };
  onProgress({ done: 0, total });
  const skipped = new Set<string>();
  let page = 0;
  for (;;) {
    signal?.throwIfAborted();
    const { items } = await fetchPage(page, PAGE_SIZE, signal);
    if (items.length === 0) break;
    const toConvert = items.filter((letter) => !skipped.has(letter.id));
    for (const letter of toConvert) {
      signal?.throwIfAborted();
      if (await convert(letter)) outcome.converted += 1;
      else {
        skipped.add(letter.id);
        outcome.unreadable += 1;
      }
      const done = outcome.converted + outcome.unreadable;
      onProgress({ done, total: Math.max(total, done) });
    }
    if (toConvert.every((letter) => skipped.has(letter.id))) page += 1;
  }
  return outcome;
}
