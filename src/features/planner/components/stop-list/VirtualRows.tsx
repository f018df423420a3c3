import { useEffect, useLayoutEffect, type ReactNode, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { VirtualPlace } from '../../hooks/use-stop-list-actions';

const ESTIMATED_ROW_PX = 58;
/** Matches the CSS gap between rows of the virtual list (StopList.css). */
const ROW_GAP_PX = 6;

export interface VirtualRowsProps {
  count: number;
  /** The row at `index`, keyed by its place, measured through `measureRef`. */
  row: (index: number, measureRef: (element: HTMLLIElement | null) => void) => ReactNode;
  listRef: (element: HTMLOListElement | null) => void;
  /** The scrolling box around the list. */
  viewport: RefObject<HTMLDivElement | null>;
  /** Where the list is, told to the list's actions (its first rendered row, its scrolling). */
  place: { current: VirtualPlace };
  /** The list's focus rule, run after each render of the rows (they render on their own as they scroll). */
  settleFocus: () => void;
}

/**
 * A long stop list's rows: only those in and near the view are in the page (StopList renders
 * this past VIRTUAL_LIST_ABOVE stops, and loads it then).
 */
export default function VirtualRows({
  count,
  row,
  listRef,
  viewport,
  place,
  settleFocus,
}: VirtualRowsProps) {
  // TanStack Virtual hands back functions that change with the scroll position; this
  // component is not compiled by the React Compiler, so its memoisation does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => viewport.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    gap: ROW_GAP_PX,
    overscan: 6,
    // Rows are keyed by place (see the list below), so the virtualizer keys its sizes and rows by
    // place too: the row at a place and its measured size stay together when the stops move,
    // and its ResizeObserver reports the size of whichever stop the row shows.
  });
  const items = virtualizer.getVirtualItems();

  // Sortable reports positions among the rendered rows: the list's actions add the first one's index.
  const firstRendered = items[0]?.index ?? 0;
  useLayoutEffect(() => {
    place.current = {
      firstRendered,
      scrollTo: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    };
  });
  useLayoutEffect(
    () => () => {
      place.current = { firstRendered: 0, scrollTo: null };
    },
    [place],
  );
  useEffect(settleFocus);

  const total = virtualizer.getTotalSize();
  const last = items[items.length - 1];
  return (
    <ol
      className="stop-list stop-list--virtual"
      ref={listRef}
      style={{
        paddingTop: items[0]?.start ?? 0,
        paddingBottom: last ? Math.max(0, total - last.end) : total,
      }}
    >
      {/* Keyed by place, not by stop: after a reorder (an optimisation) the rows in view
          each show another stop, and patching them costs far less than mounting new ones
          with a layout forced to measure each (200 stops: some 20 ms of the click). A row
          whose size changed is measured by the virtualizer's ResizeObserver before the frame
          is painted. */}
      {items.map((item) => row(item.index, virtualizer.measureElement))}
    </ol>
  );
}
