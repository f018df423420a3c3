import { STOP_NOTE_MAX_CHARS } from '@domain/limits.ts';
import type { Stop } from '@domain/stops.ts';

/**
 * A note as the API keeps it: trimmed, and at most STOP_NOTE_MAX_CHARS UTF-16 units (the
 * API's count), cut between characters, never inside one.
 */
export function cleanStopNote(note: string): string {
  let text = '';
  for (const char of note.trim()) {
    if (text.length + char.length > STOP_NOTE_MAX_CHARS) break;
    text += char;
  }
  return text.trim();
}

/** The stops with stop `index`'s note set as typed on the road; blank removes the field (the API's "no note"). */
export function withStopNote(stops: readonly Stop[], index: number, note: string): Stop[] {
  if (!Number.isInteger(index) || index < 0 || index >= stops.length) return [...stops];
  const text = cleanStopNote(note);
  return stops.map((stop, i) => {
    if (i !== index) return stop;
    const { note: _previous, ...rest } = stop;
    return text === '' ? rest : { ...rest, note: text };
  });
}
