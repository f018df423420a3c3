import { useEffect, useRef, useState } from 'react';

/** How far below the screen the end of the list may be when the next page is asked for. */
const AHEAD_PX = 600;

/**
 * A ref for an element after the list: while it is within AHEAD_PX of the screen and `canLoad`
 * (more to load, nothing loading), `loadMore` runs; it is looked at again each time `canLoad`
 * turns true, so a page that leaves the end in view asks for the next one. Without
 * IntersectionObserver nothing happens: the list's own "Show more" button loads the next page.
 */
export function useLoadMoreOnScroll(canLoad: boolean, loadMore: () => void) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  });

  useEffect(() => {
    if (!element || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          latest.current();
        }
      },
      { rootMargin: `0px 0px ${AHEAD_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, canLoad]);

  return setElement;
}
