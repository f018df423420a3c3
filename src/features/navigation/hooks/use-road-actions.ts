import { useCallback, useState } from 'react';
import type { Stop, StopStatus } from '@domain/stops.ts';
import type { DriveEvent } from '../model/drive-log';
import { withStopNote } from '../model/stop-note';
import { withoutStatuses, withStopStatus } from '../model/stop-status';
import { useWazeHandOff } from './use-waze-hand-off';

/**
 * What the driver does on the road, as changes of the route's stops (`onChange` saves them) and
 * entries of the drive log (`record`): hand a stop to Waze, mark it done or skipped or back to
 * do, write its note, start over.
 */
export function useRoadActions(
  stops: readonly Stop[],
  onChange: (stops: Stop[]) => void,
  record: (event: DriveEvent) => void,
) {
  const handOffToWaze = useWazeHandOff();
  /** The stop whose note is being written, if any. */
  const [noteIndex, setNoteIndex] = useState<number | null>(null);
  const handOff = useCallback(
    (stop: Stop) => {
      record({ kind: 'handOff' });
      handOffToWaze(stop);
    },
    [record, handOffToWaze],
  );
  const setStatus = (index: number, status: StopStatus | null) => {
    const next = withStopStatus(stops, index, status);
    record({ kind: 'statuses', stops: next });
    onChange(next);
  };
  const saveNote = (index: number, note: string) => {
    onChange(withStopNote(stops, index, note));
    setNoteIndex(null);
  };
  const startOver = () => {
    record({ kind: 'startOver' });
    onChange(withoutStatuses(stops));
  };
  return { handOff, setStatus, noteIndex, setNoteIndex, saveNote, startOver };
}
