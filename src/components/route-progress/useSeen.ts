import { useEffect, useState } from 'react';

/**
 * True once the element has come within `marginPx` of the screen (and from then on): a card
 * asks for its route's progress when the user can see it, not for every card of the page at
 * once. Without IntersectionObserver it stays false and nothing is asked.
 */
export function useSeen(marginPx = 200): [boolean, (element: HTMLElement | null) => void] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (!element || seen || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setSeen(true);
        }
      },
      { rootMargin: `${marginPx}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, marginPx, seen]);
  return [seen, setElement];
}
