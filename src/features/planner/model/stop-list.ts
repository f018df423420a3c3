import { STOP_NOTE_MAX_CHARS } from '@domain/limits.ts';
import { fallbackStopName, type Stop } from '@domain/stops.ts';
import { TEXT_LANGUAGES } from '@domain/composed-texts.ts';
import type { DayPlan, StopDayFields } from '@domain/day-plan/day-plan.ts';

/**
 * A stop in the planner: the domain stop with its id (list keys, markers, the optimiser's
 * order, and the stop's identity once saved). Ids are given where stops are made or loaded
 * (`withStopIds` in @domain/stops.ts), so the reducer stays pure.
 */
export interface PlannedStop extends Stop {
  id: string;
}

export interface StopListState {
  title: string;
  stops: PlannedStop[];
  /** The stop the user focused last (removing a stop clamps it to the list). */
  currentStopIndex: number;
  /** The working day (departure, default time at stop, end rule); null: the route has no times. */
  dayPlan: DayPlan | null;
}

export type StopListAction =
  | { type: 'add'; stop: PlannedStop }
  /** Several stops at the end in one step (an import), notes kept. */
  | { type: 'appendMany'; stops: readonly PlannedStop[] }
  | { type: 'remove'; index: number }
  | { type: 'move'; from: number; to: number }
  /** A new order of the same stops (e.g. from the optimiser), by id. */
  | { type: 'reorder'; ids: readonly string[] }
  | { type: 'clear' }
  /** Back to an earlier state of the list (undo of Clear all): the same stops and ids. */
  | { type: 'restore'; state: StopListState }
  | { type: 'load'; title: string; stops: readonly PlannedStop[]; dayPlan?: DayPlan | null }
  | { type: 'renameTitle'; title: string }
  | { type: 'renameStop'; id: string; name: string }
  /**
   * A place's name found after its stops were added (reverse geocoding): the stops at exactly
   * that point still named "Location lat, lng" take it; a stop renamed meanwhile keeps its name.
   */
  | { type: 'namePoint'; lat: number; lng: number; name: string }
  /** The stop's note (door code, phone...) as typed, cut to STOP_NOTE_MAX_CHARS; empty removes it. */
  | { type: 'setNote'; id: string; note: string }
  | { type: 'focus'; index: number }
  /** The route's working day; null removes it (the route has no times). */
  | { type: 'setDayPlan'; plan: DayPlan | null }
  /**
   * A stop's own time at stop, window and lock (each absent: none). Locking a stop first (or
   * last) takes that lock from any other stop: a route has one of each.
   */
  | { type: 'setStopDayFields'; id: string; fields: StopDayFields };

export const initialStopListState: StopListState = {
  title: '',
  stops: [],
  currentStopIndex: 0,
  dayPlan: null,
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
/** A stop's fields of the working day, only those it has (a stop without them stays as it was). */
const dayFieldsOf = ({ serviceMinutes, window, lock, load }: StopDayFields): StopDayFields => ({
  ...(serviceMinutes !== undefined ? { serviceMinutes } : {}),
  ...(window ? { window: { start: window.start, end: window.end } } : {}),
  ...(lock ? { lock } : {}),
  ...(load !== undefined ? { load } : {}),
});

/** A loaded stop as the planner keeps it: its id, place, note, status and day's fields. */
const plannedStop = (stop: PlannedStop): PlannedStop => ({
  id: stop.id,
  name: stop.name,
  lat: stop.lat,
  lng: stop.lng,
  ...noteOf(stop.note),
  ...statusOf(stop.status),
  ...dayFieldsOf(stop),
});

/** A new stop (a search, a click, an import): its note and day's fields, nothing done yet. */
const newStop = (stop: PlannedStop): PlannedStop => ({
  id: stop.id,
  name: stop.name,
  lat: stop.lat,
  lng: stop.lng,
  ...noteOf(stop.note),
  ...dayFieldsOf(stop),
});

/** A stop still named by its coordinates ("Location 48.8200, 2.2800", in any language). */
export const isFallbackStopName = ({ name, lat, lng }: Pick<Stop, 'name' | 'lat' | 'lng'>) =>
  TEXT_LANGUAGES.some((language) => fallbackStopName(lat, lng, language) === name);

/** Where the current stop ends up after moving one stop from `from` to `to`. */
function indexAfterMove(current: number, from: number, to: number): number {
  if (current === from) return to;
  if (from < current && current <= to) return current - 1;
  if (to <= current && current < from) return current + 1;
  return current;
}

/** Stop-list editing, pure: the stops come with their ids, no side effects. */
export function stopListReducer(state: StopListState, action: StopListAction): StopListState {
  switch (action.type) {
    case 'add':
      return { ...state, stops: [...state.stops, newStop(action.stop)] };
    case 'appendMany':
      if (action.stops.length === 0) return state;
      return { ...state, stops: [...state.stops, ...action.stops.map(newStop)] };
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
      return action.state;
    case 'load':
      return {
        title: action.title,
        stops: action.stops.map(plannedStop),
        currentStopIndex: 0,
        dayPlan: action.dayPlan ?? null,
      };
    case 'renameTitle':
      return action.title === state.title ? state : { ...state, title: action.title };
    case 'renameStop': {
      const index = state.stops.findIndex((stop) => stop.id === action.id);
      if (index === -1 || state.stops[index].name === action.name) return state;
      const stops = [...state.stops];
      stops[index] = { ...stops[index], name: action.name };
      return { ...state, stops };
    }
    case 'namePoint': {
      const unnamed = (stop: PlannedStop) =>
        stop.lat === action.lat && stop.lng === action.lng && isFallbackStopName(stop);
      if (action.name.trim() === '' || !state.stops.some(unnamed)) return state;
      return {
        ...state,
        stops: state.stops.map((stop) => (unnamed(stop) ? { ...stop, name: action.name } : stop)),
      };
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
    case 'setDayPlan':
      return action.plan === state.dayPlan ? state : { ...state, dayPlan: action.plan };
    case 'setStopDayFields': {
      const index = state.stops.findIndex((stop) => stop.id === action.id);
      if (index === -1) return state;
      const fields = dayFieldsOf(action.fields);
      const stops = state.stops.map((stop, i) => {
        if (i === index) {
          const {
            serviceMinutes: _minutes,
            window: _window,
            lock: _lock,
            load: _load,
            ...rest
          } = stop;
          return { ...rest, ...fields };
        }
        // One stop of each lock: the stop that held this one lets it go.
        if (fields.lock && stop.lock === fields.lock) {
          const { lock: _lock, ...rest } = stop;
          return rest;
        }
        return stop;
      });
      return { ...state, stops };
    }
    case 'focus':
      if (!isIndex(action.index, state.stops.length)) return state;
      return action.index === state.currentStopIndex
        ? state
        : { ...state, currentStopIndex: action.index };
  }
}

/** The stops as the /api and storage take them, ids included (a blank note is no note). */
export const toStops = (stops: readonly PlannedStop[]): Stop[] =>
  stops.map((stop) => ({
    id: stop.id,
    name: stop.name,
    lat: stop.lat,
    lng: stop.lng,
    ...noteOf(stop.note?.trim()),
    ...statusOf(stop.status),
    ...dayFieldsOf(stop),
  }));
