// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoadMoreOnScroll } from './use-load-more-on-scroll';

/** A stand-in for the browser's IntersectionObserver: tests say when the element is near. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The browser's first report, and each change. */
  report(isIntersecting: boolean) {
    if (!this.disconnected) this.callback([{ isIntersecting }]);
  }
}

function End({ canLoad, loadMore }: { canLoad: boolean; loadMore: () => void }) {
  const ref = useLoadMoreOnScroll(canLoad, loadMore);
  return <div ref={ref}>end of the list</div>;
}

const live = () => FakeObserver.all.filter((observer) => !observer.disconnected);

describe('use-load-more-on-scroll', () => {
  afterEach(() => {
    FakeObserver.all = [];
    vi.unstubAllGlobals();
  });

  it('loads more when the end of the list nears the screen, and looks again after each page', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const loadMore = vi.fn();
    const { rerender } = render(<End canLoad loadMore={loadMore} />);
    expect(live()).toHaveLength(1);
    expect(live()[0].options.rootMargin).toBe('0px 0px 600px 0px');
    act(() => live()[0].report(false));
    expect(loadMore).not.toHaveBeenCalled();
    act(() => live()[0].report(true));
    expect(loadMore).toHaveBeenCalledTimes(1);
    // Loading: nothing is watched; the page arrived and the end is still in view: the next one.
    rerender(<End canLoad={false} loadMore={loadMore} />);
    expect(live()).toHaveLength(0);
    rerender(<End canLoad loadMore={loadMore} />);
    act(() => live()[0].report(true));
    expect(loadMore).toHaveBeenCalledTimes(2);
  });

  it('does nothing without IntersectionObserver (the button loads more)', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const loadMore = vi.fn();
    render(<End canLoad loadMore={loadMore} />);
    expect(loadMore).not.toHaveBeenCalled();
  });
});
