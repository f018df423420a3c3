import { describe, expect, it } from 'vitest';
import { fleetLimits, NEAR_BOUND_STRETCH } from './fleet-limits.ts';

describe('fleetLimits', () => {
  it('keeps the search’s limits away from the lower bound', () => {
    expect(fleetLimits(0.3, 0.4, 20, 18)).toEqual({ patience: 0.3, share: 0.4 });
    expect(fleetLimits(0.15, 0.4, 6, 4)).toEqual({ patience: 0.15, share: 0.4 });
    // At the bound the phase has ended already; the limits are left alone.
    expect(fleetLimits(0.3, 0.4, 4, 4)).toEqual({ patience: 0.3, share: 0.4 });
  });

  it('one route above the bound, stretches the patience and the share by as much', () => {
    const { patience, share } = fleetLimits(0.3, 0.4, 5, 4);
    expect(patience).toBeCloseTo(0.3 * NEAR_BOUND_STRETCH);
    expect(share).toBeCloseTo(0.4 + 0.3 * (NEAR_BOUND_STRETCH - 1));
  });

  it('never lets the phase go past the budget', () => {
    expect(fleetLimits(0.9, 0.6, 5, 4).share).toBe(1);
  });
});
