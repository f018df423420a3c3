import { describe, expect, it } from 'vitest';
import { STOP_NOTE_MAX_CHARS } from '@domain/limits.ts';
import type { Stop } from '@domain/stops.ts';
import { withStopNote } from './stop-note';

const stops: Stop[] = [
  { name: 'A', lat: 1, lng: 1, status: 'done' },
  { name: 'B', lat: 2, lng: 2, note: 'Old note' },
];

describe('a note written on the road', () => {
  it('sets, replaces and, when blank, removes the note; the rest of the stop stays', () => {
    expect(withStopNote(stops, 0, 'Left with the neighbour')[0]).toEqual({
      ...stops[0],
      note: 'Left with the neighbour',
    });
    expect(withStopNote(stops, 1, 'New note')[1]).toEqual({ ...stops[1], note: 'New note' });
    const cleared = withStopNote(stops, 1, '   ');
    expect(cleared[1]).toEqual({ name: 'B', lat: 2, lng: 2 });
    expect('note' in cleared[1]).toBe(false);
    expect(withStopNote(stops, 1, 'x')[0]).toBe(stops[0]);
  });

  it('is trimmed and cut to the length the API accepts, never inside a character', () => {
    expect(withStopNote(stops, 0, '  Gate 4  \n')[0].note).toBe('Gate 4');
    expect(withStopNote(stops, 0, 'x'.repeat(STOP_NOTE_MAX_CHARS + 5))[0].note).toHaveLength(
      STOP_NOTE_MAX_CHARS,
    );
    // A truck emoji is 2 UTF-16 units, as the API counts: 500 fit, no half emoji.
    const emoji = withStopNote(stops, 0, '🚚'.repeat(STOP_NOTE_MAX_CHARS))[0].note!;
    expect(emoji).toHaveLength(STOP_NOTE_MAX_CHARS);
    expect(Array.from(emoji).every((char) => char === '🚚')).toBe(true);
  });

  it('ignores an index outside the route', () => {
    expect(withStopNote(stops, 2, 'x')).toEqual(stops);
    expect(withStopNote(stops, -1, 'x')).toEqual(stops);
  });
});
