import { useEffect, useRef, type RefObject } from 'react';

export interface SortableListOptions {
  /** Selector of the drag handle inside each item. */
  handle: string;
  /** Called once per finished drag that changed the order. */
  onMove: (from: number, to: number) => void;
  ghostClass?: string;
  chosenClass?: string;
  /** Scroll the list's scrolling box when dragging near its edge (default true). */
  scroll?: boolean;
}

/**
 * Drag-and-drop reordering (mouse and touch) of a list React renders. SortableJS
 * moves the DOM node; this puts it back and reports {from, to}, so React's
 * state stays the one source of the order. (react-sortablejs never destroys its
 * Sortable, which doubles it under StrictMode, and it writes into the list items.)
 *
 * SortableJS (10 KB gzipped) loads with the first list that can be dragged, not with the page:
 * a planner without stops never downloads it.
 */
export function useSortableList(
  listRef: RefObject<HTMLElement | null>,
  options: SortableListOptions,
): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const { handle, ghostClass, chosenClass, scroll = true } = options;
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let sortable: { destroy(): void } | undefined;
    let removed = false;
    // Its code is fetched with the first list that can be dragged. If that fails (offline),
    // the buttons and keys still reorder, and dragging is tried again once back online.
    const attach = () =>
      import('sortablejs').then(
        ({ default: Sortable }) => {
          if (removed) return;
          sortable = Sortable.create(list, {
            handle,
            ghostClass,
            chosenClass,
            scroll,
            animation: 150,
            // Pointer-event dragging: the same code path for mouse and touch.
            forceFallback: true,
            fallbackTolerance: 4,
            onEnd: ({ item, from, oldIndex, newIndex }) => {
              if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
              from.removeChild(item);
              from.insertBefore(item, from.children[oldIndex] ?? null);
              latest.current.onMove(oldIndex, newIndex);
            },
          });
        },
        (error: unknown) => {
          console.warn('Dragging is unavailable until the connection is back', error);
          if (!removed) window.addEventListener('online', retry, { once: true });
        },
      );
    const retry = () => void attach();
    void attach();
    return () => {
      removed = true;
      window.removeEventListener('online', retry);
      sortable?.destroy();
    };
  }, [listRef, handle, ghostClass, chosenClass, scroll]);
}
