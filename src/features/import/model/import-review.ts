import type { Stop } from '@domain/stops.ts';
import { truncateStopName } from '@domain/stops.ts';
import { MAX_SEARCH_QUERY_CHARS, MIN_SEARCH_QUERY_CHARS } from '@domain/limits.ts';
import type { Place } from '@/lib/geocoding';
import { matchOf } from './match-rule';
import type { DayValueIssue, ImportRow, UnreadableReason } from './parse-import';
import type { StopDayFields } from '@domain/day-plan/day-plan.ts';

/**
 * Where each imported line stands. Only 'ready' lines become stops; every other
 * status is shown to the user, who fixes the text, picks a candidate or removes it.
 */
export type EntryStatus =
  | 'waiting' // to be looked up
  | 'ready' // has coordinates: from the file, a single match, or the user's pick
  | 'notFound'
  | 'ambiguous'
  | 'failed' // the lookup itself failed (network, server)
  | 'invalid' // too short or too long to search
  | 'unreadable'; // the parser could not read the row

export type EntryProblem = UnreadableReason | 'tooShort' | 'tooLong';

export interface ImportEntry {
  /** Stable key: the line number in the imported text. */
  line: number;
  /** The address text to look up (editable by the user). */
  text: string;
  /** A name from the file's name column; else the matched place's name is used. */
  name?: string;
  note?: string;
  /** The line's time window and time at the stop: the stop carries them. */
  day?: StopDayFields;
  /** Values of the day the line gave but the import could not read (the stop comes without them). */
  dayIssues?: DayValueIssue[];
  status: EntryStatus;
  stop?: Stop;
  candidates?: Place[];
  problem?: EntryProblem;
}

export interface ImportReview {
  entries: ImportEntry[];
}

export type ImportReviewAction =
  | { type: 'load'; rows: readonly ImportRow[] }
  | { type: 'looked'; line: number; text: string; places: readonly Place[] }
  | { type: 'lookupFailed'; line: number; text: string }
  | { type: 'edit'; line: number; text: string }
  | { type: 'pick'; line: number; candidate: number }
  | { type: 'discard'; line: number }
  /** The ready entries became stops: they leave the review. */
  | { type: 'added' };

export const emptyReview: ImportReview = { entries: [] };

export function problemOfQuery(text: string): EntryProblem | undefined {
  const length = text.trim().length;
  if (length < MIN_SEARCH_QUERY_CHARS) return 'tooShort';
  if (length > MAX_SEARCH_QUERY_CHARS) return 'tooLong';
  return undefined;
}

/** What an entry keeps from its line whatever its lookups do. */
const lineFields = (entry: ImportEntry) => ({
  line: entry.line,
  name: entry.name,
  note: entry.note,
  ...(entry.day ? { day: entry.day } : {}),
  ...(entry.dayIssues ? { dayIssues: entry.dayIssues } : {}),
});

function withStop(entry: ImportEntry, place: Place): ImportEntry {
  const stop: Stop = {
    name: entry.name ?? truncateStopName(place.display_name),
    lat: place.lat,
    lng: place.lng,
    ...(entry.note ? { note: entry.note } : {}),
    ...entry.day,
  };
  return { ...lineFields(entry), text: entry.text, status: 'ready', stop };
}

function queued(entry: ImportEntry, text: string): ImportEntry {
  const base = { ...lineFields(entry), text };
  const problem = problemOfQuery(text);
  return problem ? { ...base, status: 'invalid', problem } : { ...base, status: 'waiting' };
}

function entryOf(row: ImportRow): ImportEntry {
  switch (row.kind) {
    case 'point':
      return {
        line: row.line,
        text: row.name,
        status: 'ready',
        ...(row.note ? { note: row.note } : {}),
        ...(row.day ? { day: row.day } : {}),
        ...(row.dayIssues ? { dayIssues: row.dayIssues } : {}),
        stop: {
          name: row.name,
          lat: row.lat,
          lng: row.lng,
          ...(row.note ? { note: row.note } : {}),
          ...row.day,
        },
      };
    case 'address':
      return queued(
        {
          line: row.line,
          text: row.query,
          name: row.name,
          note: row.note,
          ...(row.day ? { day: row.day } : {}),
          ...(row.dayIssues ? { dayIssues: row.dayIssues } : {}),
          status: 'waiting',
        },
        row.query,
      );
    case 'unreadable':
      return { line: row.line, text: row.text, status: 'unreadable', problem: row.reason };
  }
}

function update(
  review: ImportReview,
  line: number,
  change: (entry: ImportEntry) => ImportEntry | null,
): ImportReview {
  const index = review.entries.findIndex((entry) => entry.line === line);
  if (index === -1) return review;
  const next = change(review.entries[index]);
  if (next === review.entries[index]) return review;
  const entries = [...review.entries];
  if (next) entries[index] = next;
  else entries.splice(index, 1);
  return { entries };
}

/** The import's review list, pure: lookups report into it, the user edits it. */
export function importReviewReducer(
  review: ImportReview,
  action: ImportReviewAction,
): ImportReview {
  switch (action.type) {
    case 'load':
      return { entries: action.rows.map(entryOf) };
    case 'looked':
      return update(review, action.line, (entry) => {
        // An answer for text the user has changed since is stale.
        if (entry.status !== 'waiting' || entry.text !== action.text) return entry;
        const match = matchOf(action.places);
        if (match.kind === 'found') return withStop(entry, match.place);
        if (match.kind === 'ambiguous')
          return { ...entry, status: 'ambiguous', candidates: match.candidates };
        return { ...entry, status: 'notFound' };
      });
    case 'lookupFailed':
      return update(review, action.line, (entry) =>
        entry.status === 'waiting' && entry.text === action.text
          ? { ...entry, status: 'failed' }
          : entry,
      );
    case 'edit':
      return update(review, action.line, (entry) =>
        entry.status === 'ready' ? entry : queued(entry, action.text),
      );
    case 'pick':
      return update(review, action.line, (entry) => {
        const candidate =
          entry.status === 'ambiguous' ? entry.candidates?.[action.candidate] : undefined;
        return candidate ? withStop(entry, candidate) : entry;
      });
    case 'discard':
      return update(review, action.line, () => null);
    case 'added': {
      const entries = review.entries.filter((entry) => entry.status !== 'ready');
      return entries.length === review.entries.length ? review : { entries };
    }
  }
}

/** The stops ready to add, in the order of the imported lines. */
export const readyStops = (review: ImportReview): Stop[] =>
  review.entries.flatMap((entry) => (entry.status === 'ready' && entry.stop ? [entry.stop] : []));

export const waitingEntries = (review: ImportReview): ImportEntry[] =>
  review.entries.filter((entry) => entry.status === 'waiting');

export interface ReviewCounts {
  total: number;
  ready: number;
  waiting: number;
  /** Lines the user must fix, pick or remove. */
  attention: number;
}

export function countReview(review: ImportReview): ReviewCounts {
  let ready = 0;
  let waiting = 0;
  for (const entry of review.entries) {
    if (entry.status === 'ready') ready += 1;
    else if (entry.status === 'waiting') waiting += 1;
  }
  const total = review.entries.length;
  return { total, ready, waiting, attention: total - ready - waiting };
}
