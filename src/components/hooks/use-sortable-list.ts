import { useEffect, useRef } from 'react';

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

/** A press on a handle made before SortableJS was there, to hand to it once it is. */
type Press = PointerEvent;

/** The press again, as SortableJS reads one: it then follows the rest of the gesture. */
function replay(press: Press) {
  press.target?.dispatchEvent(
    new PointerEvent('pointerdown', {
      bubbles: true,
      cancelable: true,
      composed: true,
      clientX: press.clientX,
      clientY: press.clientY,
      screenX: press.screenX,
      screenY: press.screenY,
      pointerId: press.pointerId,
      pointerType: press.pointerType,
      isPrimary: press.isPrimary,
      button: 0,
      buttons: 1,
    }),
  );
}

/**
 * Drag-and-drop reordering (mouse and touch) of a list React renders. SortableJS
 * moves the DOM node; this puts it back and reports {from, to}, so React's
 * state stays the one source of the order. (react-sortablejs never destroys its
 * Sortable, which doubles it under StrictMode, and it writes into the list items.)
 *
 * SortableJS (12.3 KB gzipped: a signed-in planner opening a saved route was 305.6 KB with it,
 * over its 250 KB target) loads on the first sign of a drag, not with the list: a pointer over a
 * handle (a mouse on its way to press it), or a press on one (a finger), whose gesture SortableJS
 * then takes over as it arrives. The keys and the move buttons reorder without it.
 */
export function useSortableList(list: HTMLElement | null, options: SortableListOptions): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const { handle, ghostClass, chosenClass, scroll = true } = options;
  useEffect(() => {
    if (!list) return;
    let sortable: { destroy(): void } | undefined;
    let removed = false;
    let loading = false;
    /** The press on a handle that asked for SortableJS, while the pointer is still down. */
    let pressed: Press | null = null;
    const attach = () => {
      if (loading || sortable) return;
      loading = true;
      // If its code cannot be fetched (offline), the buttons and keys still reorder, and
      // dragging is tried again on the next sign of one.
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
          stopListening();
          if (pressed) replay(pressed);
          pressed = null;
        },
        (error: unknown) => {
          loading = false;
          console.warn('Dragging is unavailable until its code can be fetched', error);
        },
      );
    };
    const onHandle = (event: PointerEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest(handle)) return;
      if (event.type === 'pointerdown' && event.button === 0) pressed = event;
      attach();
    };
    const onRelease = () => {
      pressed = null;
    };
    const stopListening = () => {
      list.removeEventListener('pointerover', onHandle);
      list.removeEventListener('pointerdown', onHandle);
      document.removeEventListener('pointerup', onRelease);
      document.removeEventListener('pointercancel', onRelease);
    };
    list.addEventListener('pointerover', onHandle);
    list.addEventListener('pointerdown', onHandle);
    document.addEventListener('pointerup', onRelease);
    document.addEventListener('pointercancel', onRelease);
    return () => {
      removed = true;
      stopListening();
      sortable?.destroy();
    };
  }, [list, handle, ghostClass, chosenClass, scroll]);
}
