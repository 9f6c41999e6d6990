import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HASH_SCROLL } from './constants.ts';
import { SITE_HEADER_ID, scrollToHashTarget } from './hash-scroll.ts';

function addElement(id: string, { top = 0, height = 0 } = {}) {
  const element = document.createElement('section');
  element.id = id;
  Object.defineProperty(element, 'offsetHeight', { value: height });
  element.getBoundingClientRect = () => ({ top }) as DOMRect;
  document.body.append(element);
  return element;
}

describe('scrollToHashTarget', () => {
  const scrollTo = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    scrollTo.mockReset();
    vi.stubGlobal('scrollTo', scrollTo);
    addElement(SITE_HEADER_ID, { height: 64 });
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('scrolls the section to just below the header: header height + 32', () => {
    addElement('pricing', { top: 1200 });
    scrollToHashTarget('#pricing');
    expect(scrollTo).toHaveBeenCalledWith({ top: 1200 - 64 - 32, behavior: 'smooth' });
  });

  it('keeps looking every 250 ms until the section appears', () => {
    scrollToHashTarget('#features');
    vi.advanceTimersByTime(HASH_SCROLL.intervalMs * 3);
    expect(scrollTo).not.toHaveBeenCalled();

    const features = addElement('features', { top: 500 });
    vi.advanceTimersByTime(HASH_SCROLL.intervalMs);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(features);
  });

  it('gives up after 8 retries', () => {
    scrollToHashTarget('#missing');
    vi.advanceTimersByTime(HASH_SCROLL.intervalMs * HASH_SCROLL.retries);
    expect(vi.getTimerCount()).toBe(0);
    addElement('missing');
    vi.advanceTimersByTime(HASH_SCROLL.intervalMs * 4);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('can be cancelled when the page changes again', () => {
    const cancel = scrollToHashTarget('#later');
    cancel();
    addElement('later');
    vi.advanceTimersByTime(HASH_SCROLL.intervalMs * 2);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
