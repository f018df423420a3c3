import { useCallback, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import {
  forgetIdempotencyKey,
  idempotencyKeyFor,
  useCreateItinerary,
  useUpdateItinerary,
  type ItineraryInput,
} from '@/lib/itineraries';

export interface SavedDriver {
  id: string;
  title: string;
}

export type SaveTeamStatus = 'idle' | 'saving' | 'done' | 'failed';

/** A driver's first create of the split: what it sent, and whether an attempt went unanswered. */
interface FirstAttempt {
  input: ItineraryInput;
  unanswered: boolean;
}

/** The server answered and refused: nothing was created (a timeout on its side excepted). */
const refused = (error: unknown): boolean =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408;

/**
 * 'Save all': one itinerary per driver, never two, whatever happens to the answers.
 *
 * Each driver's create goes through the planner's rule (`idempotencyKeyFor`: the same body
 * again after an unanswered attempt carries the same Idempotency-Key, so the server answers
 * what the first attempt created). The body is the one of the driver's first attempt of the
 * split, kept until the split is reset: so the key belongs to (day group, driver number) for
 * the life of the split, and a title edited after a lost answer does not make a second
 * itinerary (the server refuses a key with another body). The edited title is what the user
 * expects to find saved: once the create is answered, an itinerary whose title is not the one
 * asked for now is renamed (PUT). A first attempt the server refused is forgotten (nothing was
 * created with it), unless an earlier attempt of it went unanswered.
 *
 * A driver whose route is saved is not created again when the user retries after a failure.
 * `reset` (a new split) forgets all of it, and what a save begun before it still hears is
 * ignored: its drivers are not the new split's.
 */
export function useSaveTeam() {
  const { mutateAsync: create } = useCreateItinerary();
  const { mutateAsync: update } = useUpdateItinerary();
  const [saved, setSaved] = useState<ReadonlyMap<number, SavedDriver>>(new Map());
  const [status, setStatus] = useState<SaveTeamStatus>('idle');
  /** Bumped by every reset: a save of an earlier generation changes nothing any more. */
  const generation = useRef(0);
  const savedNow = useRef<ReadonlyMap<number, SavedDriver>>(new Map());
  const firstAttempts = useRef(new Map<number, FirstAttempt>());
  /** The title each saved driver's itinerary was last given by this split (created or renamed). */
  const titlesAsked = useRef(new Map<number, string>());

  const saveAll = useCallback(
    async (drivers: readonly { number: number; input: ItineraryInput }[]) => {
      const mine = generation.current;
      const current = () => mine === generation.current;
      setStatus('saving');
      let failed = false;
      const keep = (number: number, driver: SavedDriver) => {
        const next = new Map(savedNow.current);
        next.set(number, driver);
        savedNow.current = next;
        setSaved(next);
      };
      for (const { number, input } of drivers) {
        let driver = savedNow.current.get(number);
        if (!driver) {
          let first = firstAttempts.current.get(number);
          if (!first) {
            first = { input, unanswered: false };
            firstAttempts.current.set(number, first);
          }
          try {
            const created = await create({
              ...first.input,
              idempotencyKey: idempotencyKeyFor(first.input),
            });
            forgetIdempotencyKey(first.input);
            if (!current()) return false;
            driver = { id: created.id, title: created.title };
            titlesAsked.current.set(number, first.input.title);
            keep(number, driver);
          } catch (error) {
            if (!current()) return false;
            console.error(`Saving the route of driver ${number} failed`, error);
            if (refused(error) && !first.unanswered) {
              forgetIdempotencyKey(first.input);
              firstAttempts.current.delete(number);
            } else {
              first.unanswered = true;
            }
            failed = true;
            continue;
          }
        }
        if (titlesAsked.current.get(number) === input.title) continue;
        // Created with the title of the first attempt: renamed to the one asked for now.
        try {
          const renamed = await update({ id: driver.id, input });
          if (!current()) return false;
          titlesAsked.current.set(number, input.title);
          keep(number, { id: renamed.id, title: renamed.title });
        } catch (error) {
          if (!current()) return false;
          console.error(`Renaming the route of driver ${number} failed`, error);
          failed = true;
        }
      }
      setStatus(failed ? 'failed' : 'done');
      return !failed;
    },
    [create, update],
  );

  /** Forgets what was saved and the keys of the split (a new split is a new day). */
  const reset = useCallback(() => {
    generation.current += 1;
    savedNow.current = new Map();
    firstAttempts.current = new Map();
    titlesAsked.current = new Map();
    setSaved(savedNow.current);
    setStatus('idle');
  }, []);

  return { saveAll, saved, status, reset };
}
