import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIntersectionObserver } from '../../test/browser-api-fakes.ts';
import { WhenNearScreen } from './when-near-screen.tsx';

describe('WhenNearScreen', () => {
  let observer: ReturnType<typeof fakeIntersectionObserver>;
  beforeEach(() => {
    observer = fakeIntersectionObserver();
  });
  const nearing = (isIntersecting: boolean) => act(() => observer.nearing(isIntersecting));

  it('shows the placeholder until its place nears the screen, then the part', () => {
    render(
      <WhenNearScreen placeholder={<p>Loading streak</p>}>
        <p>Streak</p>
      </WhenNearScreen>,
    );
    expect(screen.getByText('Loading streak')).toBeTruthy();
    expect(observer.watchers[0]!.options?.rootMargin).toMatch(/px/);
    nearing(false);
    expect(screen.queryByText('Streak')).toBeNull();
    nearing(true);
    expect(screen.getByText('Streak')).toBeTruthy();
    expect(screen.queryByText('Loading streak')).toBeNull();
  });

  it('watches only once its place has settled', () => {
    const { rerender } = render(
      <WhenNearScreen placeholder={<p>Loading streak</p>} isPlaceSettled={false}>
        <p>Streak</p>
      </WhenNearScreen>,
    );
    expect(observer.watchers).toHaveLength(0);
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
