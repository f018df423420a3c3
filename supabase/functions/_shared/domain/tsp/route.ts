import type { CostFunction } from './metrics.ts';

/**
 * 'round-trip': back to the start; 'fixed-start': start at the first point, end anywhere (a
 * driver's usual case); 'fixed-start-end': start at the first point, end at the last.
 */
export type RouteMode = 'round-trip' | 'fixed-start' | 'fixed-start-end';
export const ROUTE_MODES: readonly RouteMode[] = ['fixed-start', 'fixed-start-end', 'round-trip'];

/** The length of visiting `order` in sequence; a round trip also returns to its first point. */
export function routeLength(order: ArrayLike<number>, cost: CostFunction, mode: RouteMode): number {
  let length = 0;
  for (let i = 1; i < order.length; i++) length += cost(order[i - 1], order[i]);
  if (mode === 'round-trip' && order.length > 1) length += cost(order[order.length - 1], order[0]);
  return length;
}
