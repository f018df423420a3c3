import { useCallback, useState } from 'react';
import {
  forgetIdempotencyKey,
  idempotencyKeyFor,
  useCreateItinerary,
  type ItineraryInput,
} from '@/lib/itineraries';

export interface SavedDriver {
  id: string;
  title: string;
}

export type SaveTeamStatus = 'idle' | 'saving' | 'done' | 'failed';

/**
 * 'Save all': one itinerary per driver, each created with an Idempotency-Key (the same again
 * when the same route is retried after an unanswered attempt). A driver whose route is saved
 * is not saved again when the user retries after a failure.
 */
export function useSaveTeam() {
  const creating = useCreateItinerary();
  const { mutateAsync } = creating;
  const [saved, setSaved] = useState<ReadonlyMap<number, SavedDriver>>(new Map());
  const [status, setStatus] = useState<SaveTeamStatus>('idle');

  const saveAll = useCallback(
    async (drivers: readonly { number: number; input: ItineraryInput }[]) => {
      setStatus('saving');
      let failed = false;
      const done = new Map(saved);
      for (const { number, input } of drivers) {
        if (done.has(number)) continue;
        try {
          const created = await mutateAsync({ ...input, idempotencyKey: idempotencyKeyFor(input) });
          forgetIdempotencyKey(input);
          done.set(number, { id: created.id, title: created.title });
          setSaved(new Map(done));
        } catch (error) {
          console.error(`Saving the route of driver ${number} failed`, error);
          failed = true;
        }
      }
      setStatus(failed ? 'failed' : 'done');
      return !failed;
    },
    [mutateAsync, saved],
  );

  /** Forgets what was saved (a new split is a new day). */
  const reset = useCallback(() => {
    setSaved(new Map());
    setStatus('idle');
  }, []);

  return { saveAll, saved, status, reset };
}
