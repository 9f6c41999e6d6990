import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNearScreen } from './when-near-screen.tsx';

type Watcher = {
  callback: IntersectionObserverCallback;
  options?: IntersectionObserverInit;
  watched: Element[];
};

describe('WhenNearScreen', () => {
  const watchers: Watcher[] = [];
  afterEach(() => {
    watchers.length = 0;
  });

  function stubObserver() {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly watcher: Watcher;
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.watcher = { callback, options, watched: [] };
          watchers.push(this.watcher);
        }
        observe(element: Element) {
          this.watcher.watched.push(element);
        }
        disconnect() {
          this.watcher.watched = [];
        }
      },
    );
  }

  const nearing = (isIntersecting: boolean) =>
    act(() => {
      const [watcher] = watchers;
      const records = watcher!.watched.map((target) => ({ target, isIntersecting }));
      watcher!.callback(records as IntersectionObserverEntry[], {} as IntersectionObserver);
    });

  it('shows the placeholder until its place nears the screen, then the part', () => {
    stubObserver();
    render(
      <WhenNearScreen placeholder={<p>Loading streak</p>}>
        <p>Streak</p>
      </WhenNearScreen>,
    );
    expect(screen.getByText('Loading streak')).toBeTruthy();
    expect(watchers[0]!.options?.rootMargin).toMatch(/px/);
    nearing(false);
    expect(screen.queryByText('Streak')).toBeNull();
    nearing(true);
    expect(screen.getByText('Streak')).toBeTruthy();
    expect(screen.queryByText('Loading streak')).toBeNull();
  });

  it('watches only once its place has settled', () => {
    stubObserver();
    const { rerender } = render(
      <WhenNearScreen placeholder={<p>Loading streak</p>} isPlaceSettled={false}>
        <p>Streak</p>
      </WhenNearScreen>,
    );
    expect(watchers).toHaveLength(0);
    rerender(
      <WhenNearScreen placeholder={<p>Loading streak</p>} isPlaceSettled>
        <p>Streak</p>
      </WhenNearScreen>,
    );
    nearing(true);
    expect(screen.getByText('Streak')).toBeTruthy();
  });

  it('renders the part at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNearScreen placeholder={<p>Loading streak</p>}>
        <p>Streak</p>
      </WhenNearScreen>,
    );
    expect(screen.getByText('Streak')).toBeTruthy();
  });
});
