import { afterEach, vi } from 'vitest';

/** A test fails if the code under it logs an unexpected console.error (STYLE.md). Expect one with `expectConsoleError()`. */
let expected = 0;
const spy = vi.spyOn(console, 'error');

export function expectConsoleError(): void {
  expected++;
}

afterEach(() => {
  const calls = spy.mock.calls.length;
  spy.mockClear();
  const unexpected = calls - expected;
  expected = 0;
  if (unexpected > 0) throw new Error(`console.error was called ${unexpected} unexpected time(s)`);
});
