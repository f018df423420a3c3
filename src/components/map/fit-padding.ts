/**
 * Where a fitted view must leave room: the cards drawn over the map (the Trip Summary) hide the
 * markers under them, so fitting the stops keeps them out of the strip a card covers. Pure: the
 * boxes are the page's (getBoundingClientRect), the answer is Leaflet's fitBounds padding.
 */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface FitPadding {
  /** Pixels kept clear from the left and top edges. */
  topLeft: [number, number];
  /** Pixels kept clear from the right and bottom edges. */
  bottomRight: [number, number];
}

/** Marks a card drawn over the map (the Trip Summary): a fitted view keeps the stops clear of it. */
export const MAP_COVER_SELECTOR = '[data-map-cover]';

/** Room kept between the stops and the map's edge (or a card's) when fitting. */
export const FIT_MARGIN_PX = 48;

type Side = 'left' | 'top' | 'right' | 'bottom';

/**
 * The padding that keeps a fitted view clear of every card over `map`: each card takes the
 * strip along the map's side it sits against that costs the least of the map (a narrow card
 * on a wide map its column, a wide one on a phone its band at the top), plus the margin. A
 * card that covers no edge, or most of the map (it was opened to be read), takes nothing.
 */
export function fitPadding(map: Box, covers: readonly Box[], margin = FIT_MARGIN_PX): FitPadding {
  const width = map.right - map.left;
  const height = map.bottom - map.top;
  const room: Record<Side, number> = { left: 0, top: 0, right: 0, bottom: 0 };
  for (const cover of covers) {
    const left = Math.max(cover.left, map.left);
    const right = Math.min(cover.right, map.right);
    const top = Math.max(cover.top, map.top);
    const bottom = Math.min(cover.bottom, map.bottom);
    if (right <= left || bottom <= top) continue;
    // Each side's strip: its depth into the map, and the share of the map it would take.
    const strips: { side: Side; depth: number; share: number }[] = [
      { side: 'left', depth: right - map.left, share: (right - map.left) / width },
      { side: 'right', depth: map.right - left, share: (map.right - left) / width },
      { side: 'top', depth: bottom - map.top, share: (bottom - map.top) / height },
      { side: 'bottom', depth: map.bottom - top, share: (map.bottom - top) / height },
    ];
    const best = strips.reduce((a, b) => (b.share < a.share ? b : a));
    if (best.share > 0.5) continue;
    room[best.side] = Math.max(room[best.side], best.depth);
  }
  const pad = (side: Side) => Math.round(room[side] + margin);
  return { topLeft: [pad('left'), pad('top')], bottomRight: [pad('right'), pad('bottom')] };
}
