import { describe, expect, it } from 'vitest';
import {
  initialStopListState,
  stopListReducer,
  toStops,
  type PlannedStop,
  type StopListAction,
} from './stop-list';

const run = (actions: StopListAction[]) => actions.reduce(stopListReducer, initialStopListState);

const depot: PlannedStop = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Depot',
  lat: 48.86,
  lng: 2.35,
};
const pharmacy: PlannedStop = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Pharmacy',
  lat: 48.87,
  lng: 2.34,
  serviceMinutes: 10,
  window: { start: '09:00', end: '10:00' },
  load: 3,
};
const bakery: PlannedStop = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Bakery',
  lat: 48.85,
  lng: 2.36,
  lock: 'last',
  load: 0,
};
const plan = { departure: '2026-03-02T08:00+01:00', timeZone: 'Europe/Paris' };

describe('the stop list with the working day', () => {
  it('loads, keeps and hands back the plan and each stop’s time, window, lock and load', () => {
    const state = run([
      { type: 'load', title: 'Day', stops: [depot, pharmacy, bakery], dayPlan: plan },
    ]);
    expect(state.dayPlan).toEqual(plan);
    expect(toStops(state.stops)).toEqual([depot, pharmacy, bakery]);
  });

  it('reads a route without them exactly as before', () => {
    const state = run([{ type: 'load', title: 'Old', stops: [depot] }]);
    expect(state.dayPlan).toBeNull();
    expect(toStops(state.stops)).toEqual([depot]);
    expect(Object.keys(toStops(state.stops)[0]).sort()).toEqual(['id', 'lat', 'lng', 'name']);
  });

  it('keeps the fields of added and imported stops', () => {
    const state = run([
      { type: 'add', stop: pharmacy },
      { type: 'appendMany', stops: [depot, bakery] },
    ]);
    expect(toStops(state.stops)).toEqual([pharmacy, depot, bakery]);
  });

  it('sets and removes the plan', () => {
    const planned = run([{ type: 'setDayPlan', plan }]);
    expect(planned.dayPlan).toEqual(plan);
    expect(stopListReducer(planned, { type: 'setDayPlan', plan: null }).dayPlan).toBeNull();
    // Clearing the stops keeps the day's settings.
    expect(stopListReducer(planned, { type: 'clear' }).dayPlan).toEqual(plan);
  });

  it('sets a stop’s fields as a whole, and moves a lock from the stop that had it', () => {
    let state = run([{ type: 'load', title: 'Day', stops: [depot, pharmacy, bakery] }]);
    const [first, second] = state.stops.map((stop) => stop.id);
    state = stopListReducer(state, {
      type: 'setStopDayFields',
      id: second,
      fields: { serviceMinutes: 5 },
    });
    expect(toStops(state.stops)[1]).toEqual({
      id: pharmacy.id,
      name: 'Pharmacy',
      lat: 48.87,
      lng: 2.34,
      serviceMinutes: 5,
    });
    state = stopListReducer(state, {
      type: 'setStopDayFields',
      id: second,
      fields: { lock: 'last' },
    });
    expect(state.stops.map((stop) => stop.lock)).toEqual([undefined, 'last', undefined]);
    expect(Object.keys(state.stops[2])).not.toContain('lock');
    state = stopListReducer(state, {
      type: 'setStopDayFields',
      id: first,
      fields: { lock: 'first' },
    });
    expect(state.stops.map((stop) => stop.lock)).toEqual(['first', 'last', undefined]);
    const unchanged = stopListReducer(state, {
      type: 'setStopDayFields',
      id: 'stop-404',
      fields: { lock: 'first' },
    });
    expect(unchanged).toBe(state);
  });
});
