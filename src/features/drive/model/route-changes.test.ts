import { describe, expect, it } from 'vitest';
import { combineChanges, hasChanges, routeChanges } from './route-changes';

const stop = (id: string) => ({ id, name: `Stop ${id}` });

describe('routeChanges', () => {
  it('names the stops that arrived and those that left, not those that only moved', () => {
    const changes = routeChanges(
      [stop('a'), stop('b'), stop('c')],
      [stop('a'), stop('c'), stop('d')],
    );
    expect(changes).toEqual({ added: [stop('d')], removed: [stop('b')] });
    expect(hasChanges(routeChanges([stop('a'), stop('b')], [stop('b'), stop('a')]))).toBe(false);
  });

  it('adds up reads until the driver has seen them; a stop back again is no change', () => {
    const first = routeChanges([stop('a'), stop('b')], [stop('a')]);
    const second = routeChanges([stop('a')], [stop('a'), stop('c')]);
    const both = combineChanges(first, second);
    expect(both).toEqual({ added: [stop('c')], removed: [stop('b')] });
    const back = routeChanges([stop('a'), stop('c')], [stop('a'), stop('b'), stop('c')]);
    expect(combineChanges(both, back)).toEqual({ added: [stop('c')], removed: [] });
  });
});
