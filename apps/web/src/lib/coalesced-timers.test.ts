import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedTimers } from './coalesced-timers.ts';

describe('coalescedTimers (ADR 051)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each timer when it is due, behind one platform timer', () => {
    const timers = coalescedTimers();
    const ran: string[] = [];
    timers.setTimeout(() => ran.push('late'), 300);
    timers.setTimeout(() => ran.push('early'), 100);
    timers.setTimeout(() => ran.push('also early'), 100);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(99);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['early', 'also early']);
    vi.advanceTimersByTime(200);
    expect(ran).toEqual(['early', 'also early', 'late']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never runs a cleared timer, even one cleared by a timer due at the same moment', () => {
    const timers = coalescedTimers();
    const ran: string[] = [];
    const cleared = timers.setTimeout(() => ran.push('cleared'), 50);
    timers.clearTimeout(cleared);
    let second = 0;
    timers.setTimeout(() => {
      ran.push('first');
      timers.clearTimeout(second);
    }, 80);
    second = timers.setTimeout(() => ran.push('second'), 80);
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual(['first']);
  });

  it('repeats an interval until it is cleared, and keeps timers set from a callback', () => {
    const timers = coalescedTimers();
    let ticks = 0;
    const ran: string[] = [];
    const interval = timers.setInterval(() => {
      ticks += 1;
      if (ticks === 2) timers.setTimeout(() => ran.push('from a callback'), 10);
    }, 100);
    vi.advanceTimersByTime(350);
    expect(ticks).toBe(3);
    expect(ran).toEqual(['from a callback']);
    timers.clearInterval(interval);
    vi.advanceTimersByTime(1_000);
    expect(ticks).toBe(3);
  });

  it('reports a callback that throws, and still runs the others', () => {
    const timers = coalescedTimers();
    // Browsers have reportError; jsdom does not.
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    try {
      const ran: string[] = [];
      timers.setTimeout(() => {
        throw new Error('boom');
      }, 10);
      timers.setTimeout(() => ran.push('still ran'), 10);
      vi.advanceTimersByTime(10);
      expect(ran).toEqual(['still ran']);
      expect(reportError).toHaveBeenCalledWith(new Error('boom'));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
