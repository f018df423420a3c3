import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { itinerarySchema, type Itinerary, type ItineraryInput } from '../model/itinerary';
import { itineraryKeys } from './query-keys';
import { DEVICE_KEYS } from '@/lib/device-keys';
import { randomUuid } from '@domain/random-uuid.ts';

/**
 * What to create; `idempotencyKey` (a UUID per save attempt, the same again when that attempt
 * is retried) makes a retry after a timeout or a lost answer return the itinerary the first
 * attempt created instead of a duplicate (the IETF draft's Idempotency-Key header).
 */
export type CreateItineraryVariables = ItineraryInput & { idempotencyKey?: string };

/** A new key for a new save attempt. */
export const newIdempotencyKey = (): string => randomUuid();

/**
 * Save attempts whose answer never came (a timeout, a lost connection), by their body: trying
 * the same route again reuses the attempt's key, so the server answers with what the first
 * attempt created, even after a reload of the tab (sessionStorage). A changed route is a new
 * attempt with a new key.
 */
const PENDING_KEYS = DEVICE_KEYS.pendingCreateKeys.name;

/** cyrb53: a short, stable fingerprint of the request body. */
function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function readPendingKeys(storage: Storage | null): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(PENDING_KEYS) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function writePendingKeys(storage: Storage | null, keys: Record<string, string>) {
  try {
    // A handful at most: the newest twenty attempts are plenty.
    const entries = Object.entries(keys).slice(-20);
    storage?.setItem(PENDING_KEYS, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage unavailable: keys last as long as the page.
  }
}

const pageKeys: Record<string, string> = {};
const sessionStore = (): Storage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

/** What the server hashes for a key: title and stops, and the day plan and group when given. */
const requestText = (input: ItineraryInput): string =>
  JSON.stringify({
    title: input.title,
    stops: input.stops,
    day_plan: input.day_plan,
    day_group: input.day_group,
  });

/** The key of this save attempt: the one of an unanswered attempt with the same body, or a new one. */
export function idempotencyKeyFor(input: ItineraryInput): string {
  const id = fingerprint(requestText(input));
  const stored = readPendingKeys(sessionStore());
  const key = pageKeys[id] ?? stored[id] ?? newIdempotencyKey();
  pageKeys[id] = key;
  writePendingKeys(sessionStore(), { ...stored, [id]: key });
  return key;
}

/** The server answered this attempt (created or refused it): its key is not needed again. */
export function forgetIdempotencyKey(input: ItineraryInput): void {
  const id = fingerprint(requestText(input));
  delete pageKeys[id];
  const stored = readPendingKeys(sessionStore());
  delete stored[id];
  writePendingKeys(sessionStore(), stored);
}

/** POST /api/itineraries -> the created itinerary (201), the same one again on a retry. */
export function createItinerary({
  idempotencyKey,
  ...input
}: CreateItineraryVariables): Promise<Itinerary> {
  return apiClient.post('/itineraries', input, {
    schema: itinerarySchema,
    // A structured-field string, as the draft writes it.
    headers: idempotencyKey ? { 'Idempotency-Key': `"${idempotencyKey}"` } : undefined,
  });
}

export const createItineraryMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: createItinerary,
    onSuccess: (created) => {
      queryClient.setQueryData(itineraryKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: itineraryKeys.lists() });
    },
  });

export function useCreateItinerary() {
  const queryClient = useQueryClient();
  return useMutation(createItineraryMutationOptions(queryClient));
}
