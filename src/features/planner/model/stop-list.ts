import { STOP_NOTE_MAX_CHARS } from '@domain/limits.ts';
import type { Stop } from '@domain/stops.ts';

/** A stop in the planner: the domain stop plus a stable id for list keys and markers. */
export interface PlannedStop extends Stop {
  id: string;
}

export interface StopListState {
  title: string;
  stops: PlannedStop[];
  /** The stop the user focused last (spec: removing a stop clamps it). */
  currentStopIndex: number;
  /** Ids come from this counter, so the reducer stays pure and deterministic. */
  nextId: number;
}

export type StopListAction =
  | { type: 'add'; stop: Stop }
  /** Several stops at the end in one step (an import), notes kept. */
  | { type: 'appendMany'; stops: readonly Stop[] }
  | { type: 'remove'; index: number }
  | { type: 'move'; from: number; to: number }
  /** A new order of the same stops (e.g. from the optimiser), by id. */
  | { type: 'reorder'; ids: readonly string[] }
  | { type: 'clear' }
  /** Back to an earlier state of the list (undo of Clear all): the same stops and ids. */
  | { type: 'restore'; state: StopListState }
  | { type: 'load'; title: string; stops: readonly Stop[] }
  | { type: 'renameTitle'; title: string }
  | { type: 'renameStop'; id: string; name: string }
  /** The stop's note (door code, phone...) as typed, cut to STOP_NOTE_MAX_CHARS; empty removes it. */
  | { type: 'setNote'; id: string; note: string }
  | { type: 'focus'; index: number };

export const initialStopListState: StopListState = {
  title: '',
  stops: [],
  currentStopIndex: 0,
  nextId: 1,
};

const clampIndex = (index: number, length: number): number =>
  Math.min(Math.max(index, 0), Math.max(length - 1, 0));

const isIndex = (index: number, length: number): boolean =>
  Number.isInteger(index) && index >= 0 && index < length;

/** A stop's note, kept only when it says something. */
const noteOf = (note: string | undefined): { note?: string } =>
  note && note.trim() !== '' ? { note } : {};
/** A stop's status on the road (done/skipped), kept through planning so an edit does not reset it. */
const statusOf = (status: Stop['status']): Pick<Stop, 'status'> => (status ? { status } : {});

function withIds(stops: readonly Stop[], nextId: number): { stops: PlannedStop[]; nextId: number } {
  const planned = stops.map(({ name, lat, lng, note, status }, offset) => ({
    id: `stop-${nextId + offset}`,
    name,
    lat,
    lng,
    ...noteOf(note),
    ...statusOf(status),
  }));
  return { stops: planned, nextId: nextId + stops.length };
}

/** Where the current stop ends up after moving one stop from `from` to `to`. */
function indexAfterMove(current: number, from: number, to: number): number {
  if (current === from) return to;
  if (from < current && current <= to) return current - 1;
  if (to <= current && current < from) return current + 1;
  return current;
}

/** Stop-list editing (spec section 4), pure: no ids from outside, no side effects. */
export function stopListReducer(state: StopListState, action: StopListAction): StopListState {
  switch (action.type) {
    case 'add': {
      const { name, lat, lng, note } = action.stop;
      const stop: PlannedStop = { id: `stop-${state.nextId}`, name, lat, lng, ...noteOf(note) };
      return { ...state, stops: [...state.stops, stop], nextId: state.nextId + 1 };
    }
    case 'appendMany': {
      if (action.stops.length === 0) return state;
      const appended = action.stops.map(({ name, lat, lng, note }, offset): PlannedStop => ({
        id: `stop-${state.nextId + offset}`,
        name,
        lat,
        lng,
        ...(note ? { note } : {}),
      }));
      return {
        ...state,
        stops: [...state.stops, ...appended],
        nextId: state.nextId + appended.length,
      };
    }
    case 'remove': {
      if (!isIndex(action.index, state.stops.length)) return state;
      const stops = state.stops.filter((_, index) => index !== action.index);
      const current =
        action.index < state.currentStopIndex ? state.currentStopIndex - 1 : state.currentStopIndex;
      return { ...state, stops, currentStopIndex: clampIndex(current, stops.length) };
    }
    case 'move': {
      const { from, to } = action;
      const length = state.stops.length;
      if (!isIndex(from, length) || !isIndex(to, length) || from === to) return state;
      const stops = [...state.stops];
      const [moved] = stops.splice(from, 1);
      stops.splice(to, 0, moved);
      return {
        ...state,
        stops,
        currentStopIndex: indexAfterMove(state.currentStopIndex, from, to),
      };
    }
    case 'reorder': {
      const byId = new Map(state.stops.map((stop) => [stop.id, stop]));
      const stops = action.ids.map((id) => byId.get(id));
      const samePermutation =
        stops.length === state.stops.length &&
        new Set(action.ids).size === stops.length &&
        stops.every((stop) => stop !== undefined);
      if (!samePermutation) return state;
      const currentId = state.stops[state.currentStopIndex]?.id;
      const current = Math.max(0, action.ids.indexOf(currentId ?? ''));
      return { ...state, stops: stops, currentStopIndex: current };
    }
    case 'clear':
      return state.stops.length === 0 ? state : { ...state, stops: [], currentStopIndex: 0 };
    case 'restore':
      // Ids handed out since stay unused, so a restored stop never shares one with a newer stop.
      return { ...action.state, nextId: Math.max(state.nextId, action.state.nextId) };
    case 'load': {
      const loaded = withIds(action.stops, state.nextId);
      return {
        title: action.title,
        stops: loaded.stops,
        currentStopIndex: 0,
        nextId: loaded.nextId,
      };
    }
    case 'renameTitle':
      return action.title === state.title ? state : { ...state, title: action.title };
    case 'renameStop': {
      const index = state.stops.findIndex((stop) => stop.id === action.id);
      if (index === -1 || state.stops[index].name === action.name) return state;
      const stops = [...state.stops];
      stops[index] = { ...stops[index], name: action.name };
      return { ...state, stops };
    }
    case 'setNote': {
      const index = state.stops.findIndex((stop) => stop.id === action.id);
      if (index === -1) return state;
      const note = action.note.slice(0, STOP_NOTE_MAX_CHARS);
      const { note: previous, ...stop } = state.stops[index];
      if ((previous ?? '') === note) return state;
      const stops = [...state.stops];
      stops[index] = note === '' ? stop : { ...stop, note };
      return { ...state, stops };
    }
    case 'focus':
      if (!isIndex(action.index, state.stops.length)) return state;
      return action.index === state.currentStopIndex
        ? state
        : { ...state, currentStopIndex: action.index };
  }
}

/** The stops as the /api and storage take them (without the planner's ids; a blank note is no note). */
export const toStops = (stops: readonly PlannedStop[]): Stop[] =>
  stops.map(({ name, lat, lng, note, status }) => ({
    name,
    lat,
    lng,
    ...noteOf(note?.trim()),
    ...statusOf(status),
  }));
