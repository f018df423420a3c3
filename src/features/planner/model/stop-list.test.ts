import { describe, expect, it } from 'vitest';
import { withStopIds } from '@domain/stops.ts';
import {
  initialStopListState,
  stopListReducer,
  toStops,
  type StopListAction,
  type StopListState,
} from './stop-list';

const paris = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Paris, France',
  lat: 48.8535,
  lng: 2.3484,
};
const dijon = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Dijon, France',
  lat: 47.3216,
  lng: 5.0415,
};
const lyon = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Lyon, France',
  lat: 45.7578,
  lng: 4.832,
};
const stopAt = (name: string, lat: number, lng: number) => ({
  id: `00000000-0000-4000-8000-${String(lat * 100 + lng).padStart(12, '0')}`,
  name,
  lat,
  lng,
});

const run = (actions: StopListAction[], state: StopListState = initialStopListState) =>
  actions.reduce(stopListReducer, state);

const names = (state: StopListState) => state.stops.map((stop) => stop.name.split(',')[0]);

const threeStops = () => run([paris, dijon, lyon].map((stop) => ({ type: 'add', stop }) as const));

describe('restore (undo of Clear all)', () => {
  it('brings back the same stops, ids and title', () => {
    let state = stopListReducer(initialStopListState, { type: 'renameTitle', title: 'Errands' });
    state = stopListReducer(state, { type: 'add', stop: stopAt('A', 1, 2) });
    state = stopListReducer(state, { type: 'add', stop: stopAt('B', 3, 4) });
    const before = state;
    state = stopListReducer(state, { type: 'clear' });
    expect(state.stops).toEqual([]);
    state = stopListReducer(state, { type: 'add', stop: stopAt('C', 5, 6) });
    const restored = stopListReducer(state, { type: 'restore', state: before });
    expect(restored.stops).toEqual(before.stops);
    expect(restored.title).toBe('Errands');
  });
});

describe('stopListReducer', () => {
  it('adds stops at the end with the ids they come with', () => {
    const state = threeStops();
    expect(names(state)).toEqual(['Paris', 'Dijon', 'Lyon']);
    expect(state.stops.map((stop) => stop.id)).toEqual([paris.id, dijon.id, lyon.id]);
    expect(toStops(state.stops)).toEqual([paris, dijon, lyon]);
  });

  it('appends many stops in one step with their ids, keeping their notes', () => {
    const state = run([{ type: 'add', stop: paris }]);
    const appended = run(
      [
        {
          type: 'appendMany',
          stops: [
            dijon,
            { ...lyon, note: 'Door code 1234' },
            { ...stopAt('Paris, France', 48.8535, 2.3484), note: '' },
          ],
        },
      ],
      state,
    );
    expect(names(appended)).toEqual(['Paris', 'Dijon', 'Lyon', 'Paris']);
    expect(appended.stops.map((stop) => stop.note)).toEqual([
      undefined,
      undefined,
      'Door code 1234',
      undefined,
    ]);
    expect(new Set(appended.stops.map((stop) => stop.id)).size).toBe(4);
    const more = run([{ type: 'add', stop: stopAt('Dijon, France', 47.3216, 5.0415) }], appended);
    expect(new Set(more.stops.map((stop) => stop.id)).size).toBe(5);
    expect(appended.currentStopIndex).toBe(state.currentStopIndex);
    expect(stopListReducer(state, { type: 'appendMany', stops: [] })).toBe(state);
  });

  it('moves a stop from one index to another, and the focused stop follows', () => {
    const focused = run([{ type: 'focus', index: 0 }], threeStops());
    const moved = run([{ type: 'move', from: 0, to: 2 }], focused);
    expect(names(moved)).toEqual(['Dijon', 'Lyon', 'Paris']);
    expect(moved.currentStopIndex).toBe(2);

    const back = run([{ type: 'move', from: 2, to: 0 }], moved);
    expect(names(back)).toEqual(['Paris', 'Dijon', 'Lyon']);
    expect(back.currentStopIndex).toBe(0);

    const other = run(
      [
        { type: 'focus', index: 1 },
        { type: 'move', from: 0, to: 2 },
      ],
      threeStops(),
    );
    expect(other.currentStopIndex).toBe(0);
  });

  it('reorders the same stops by id, and the focused stop follows', () => {
    const state = run([{ type: 'focus', index: 0 }], threeStops());
    const [p, d, l] = state.stops.map((stop) => stop.id);
    const reordered = run([{ type: 'reorder', ids: [p, l, d] }], state);
    expect(names(reordered)).toEqual(['Paris', 'Lyon', 'Dijon']);
    expect(run([{ type: 'reorder', ids: [l, d, p] }], state).currentStopIndex).toBe(2);
  });

  it('ignores a reorder that is not a permutation of the stops', () => {
    const state = threeStops();
    const [p, d] = state.stops.map((stop) => stop.id);
    for (const ids of [[p, d], [p, d, d], [p, d, 'stop-999'], []]) {
      expect(run([{ type: 'reorder', ids }], state)).toBe(state);
    }
  });

  it('ignores moves outside the list or onto the same place', () => {
    const state = threeStops();
    expect(stopListReducer(state, { type: 'move', from: 0, to: 0 })).toBe(state);
    expect(stopListReducer(state, { type: 'move', from: -1, to: 1 })).toBe(state);
    expect(stopListReducer(state, { type: 'move', from: 1, to: 3 })).toBe(state);
  });

  it('removes a stop and clamps the current stop index', () => {
    const focusedLast = run([{ type: 'focus', index: 2 }], threeStops());
    const removedLast = run([{ type: 'remove', index: 2 }], focusedLast);
    expect(names(removedLast)).toEqual(['Paris', 'Dijon']);
    expect(removedLast.currentStopIndex).toBe(1);

    const removedBefore = run([{ type: 'remove', index: 0 }], focusedLast);
    expect(removedBefore.currentStopIndex).toBe(1);
    expect(names(removedBefore)).toEqual(['Dijon', 'Lyon']);

    const emptied = run(
      [
        { type: 'remove', index: 0 },
        { type: 'remove', index: 0 },
      ],
      removedBefore,
    );
    expect(emptied.stops).toEqual([]);
    expect(emptied.currentStopIndex).toBe(0);
    expect(stopListReducer(emptied, { type: 'remove', index: 0 })).toBe(emptied);
  });

  it('clears all stops but keeps the title', () => {
    const state = run(
      [
        { type: 'renameTitle', title: 'Deliveries' },
        { type: 'focus', index: 2 },
        { type: 'clear' },
      ],
      threeStops(),
    );
    expect(state.stops).toEqual([]);
    expect(state.currentStopIndex).toBe(0);
    expect(state.title).toBe('Deliveries');
  });

  it('loads a saved route with its stops’ ids', () => {
    const before = threeStops();
    const loaded = run([{ type: 'load', title: 'Saved', stops: [lyon, paris] }], before);
    expect(loaded.title).toBe('Saved');
    expect(names(loaded)).toEqual(['Lyon', 'Paris']);
    expect(loaded.stops.map((stop) => stop.id)).toEqual([lyon.id, paris.id]);
  });

  it('renames the title and a stop', () => {
    const state = threeStops();
    const renamed = run(
      [
        { type: 'renameTitle', title: 'Tour' },
        { type: 'renameStop', id: state.stops[1].id, name: 'Dijon centre' },
      ],
      state,
    );
    expect(renamed.title).toBe('Tour');
    expect(renamed.stops[1].name).toBe('Dijon centre');
    expect(stopListReducer(renamed, { type: 'renameStop', id: 'missing', name: 'x' })).toBe(
      renamed,
    );
  });

  it('names the stops at a point still named by their coordinates, in any language', () => {
    const point = { lat: 48.82, lng: 2.28 };
    const state = run([
      {
        type: 'appendMany',
        stops: withStopIds([
          { name: 'Location 48.8200, 2.2800', ...point },
          { name: 'Bakery', ...point },
          { name: 'Ubicación 48.8200, 2.2800', ...point },
          { name: 'Location 48.8200, 2.2800', lat: 48.83, lng: 2.28 },
        ]),
      },
    ]);
    const named = stopListReducer(state, { type: 'namePoint', ...point, name: '12 Rue Roger' });
    expect(named.stops.map((stop) => stop.name)).toEqual([
      '12 Rue Roger',
      'Bakery',
      '12 Rue Roger',
      'Location 48.8200, 2.2800',
    ]);
    // Nothing left to name there, or an empty answer: the state as it was.
    expect(stopListReducer(named, { type: 'namePoint', ...point, name: 'Other' })).toBe(named);
    expect(stopListReducer(state, { type: 'namePoint', ...point, name: ' ' })).toBe(state);
  });

  it('focuses only existing stops', () => {
    const state = threeStops();
    expect(run([{ type: 'focus', index: 1 }], state).currentStopIndex).toBe(1);
    expect(stopListReducer(state, { type: 'focus', index: 5 })).toBe(state);
  });

  it('sets, edits and removes a stop note; notes travel with load, add and toStops', () => {
    const state = threeStops();
    const dijonId = state.stops[1].id;
    const noted = stopListReducer(state, { type: 'setNote', id: dijonId, note: 'Door code 4521 ' });
    expect(noted.stops[1]).toEqual({ ...state.stops[1], note: 'Door code 4521 ' });
    expect(noted.stops[0]).toBe(state.stops[0]);
    expect(toStops(noted.stops)[1]).toEqual({ ...dijon, note: 'Door code 4521' });
    expect(stopListReducer(noted, { type: 'setNote', id: dijonId, note: 'Door code 4521 ' })).toBe(
      noted,
    );
    expect(stopListReducer(noted, { type: 'setNote', id: 'missing', note: 'x' })).toBe(noted);

    const cleared = stopListReducer(noted, { type: 'setNote', id: dijonId, note: '' });
    expect(cleared.stops[1]).toEqual(state.stops[1]);
    expect('note' in cleared.stops[1]).toBe(false);
    expect(toStops([{ ...state.stops[0], note: '   ' }])).toEqual([paris]);

    const long = stopListReducer(state, { type: 'setNote', id: dijonId, note: 'x'.repeat(1500) });
    expect(long.stops[1].note).toHaveLength(1000);

    const loaded = stopListReducer(initialStopListState, {
      type: 'load',
      title: 'T',
      stops: [{ ...paris, note: 'Ring twice' }, dijon],
    });
    expect(toStops(loaded.stops)).toEqual([{ ...paris, note: 'Ring twice' }, dijon]);
    const added = stopListReducer(initialStopListState, {
      type: 'add',
      stop: { ...lyon, note: 'Back door' },
    });
    expect(added.stops[0].note).toBe('Back door');
  });

  it('keeps done and skipped statuses through load, moves and toStops (editing a route does not reset them)', () => {
    const loaded = stopListReducer(initialStopListState, {
      type: 'load',
      title: 'T',
      stops: [{ ...paris, status: 'done' }, { ...dijon, status: 'skipped' }, lyon],
    });
    const moved = stopListReducer(loaded, { type: 'move', from: 2, to: 0 });
    expect(toStops(moved.stops)).toEqual([
      lyon,
      { ...paris, status: 'done' },
      { ...dijon, status: 'skipped' },
    ]);
  });
});
