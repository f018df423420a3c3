/**
 * GET /api/itineraries a page at a time and as summaries (what My Routes' cards show): the
 * query parameters, the cursor that marks where the next page starts, and the rows of
 * public.list_itineraries as the API answers them. Without any of these parameters the list
 * is answered whole and exactly as before.
 */
import { z } from 'zod';
import { ITINERARY_SORTS, type ItinerarySort } from './domain/itinerary-list.ts';
import type { ItineraryPageRequest, PageCursor } from './itinerary-store.ts';

/** Most itineraries per page. */
export const MAX_PAGE_SIZE = 100;
/** Most characters and words of a search. */
export const MAX_SEARCH_CHARS = 200;
export const MAX_SEARCH_WORDS = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor({ sort, number, text, id }: PageCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([sort, number, text, id]));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** null when `value` is not a cursor this API made. */
export function decodeCursor(value: string): PageCursor | null {
  if (!/^[A-Za-z0-9_-]{1,2000}$/.test(value)) return null;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed) || parsed.length !== 4) return null;
    const [sort, number, key, id] = parsed as unknown[];
    if (!(ITINERARY_SORTS as readonly unknown[]).includes(sort)) return null;
    if (typeof id !== 'string' || !UUID.test(id)) return null;
    const byText = sort === 'title';
    // A title's place in the order is text Postgres can hold (no NUL).
    if (byText ? typeof key !== 'string' || key.includes('\0') || number !== null : key !== null)
      return null;
    if (!byText && !(typeof number === 'number' && Number.isFinite(number))) return null;
    return {
      sort: sort as ItinerarySort,
      number: byText ? null : (number as number),
      text: byText ? (key as string) : null,
      id,
    };
  } catch {
    return null;
  }
}

const flag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` })
    .transform((value) => value === 'true' || value === '1');

/** The query parameters of GET /api/itineraries (all optional). */
export const itineraryPageQuerySchema = z
  .object({
    summary: flag('summary').optional(),
    progress: flag('progress').optional(),
    limit: z
      .string()
      .regex(/^\d{1,3}$/, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .transform(Number)
      .refine(
        (value) => value >= 1 && value <= MAX_PAGE_SIZE,
        `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
      )
      .optional(),
    cursor: z
      .string()
      .transform((value, context) => {
        const cursor = decodeCursor(value);
        if (!cursor) {
          context.addIssue({ code: 'custom', message: 'cursor is not one this API gave' });
          return z.NEVER;
        }
        return cursor;
      })
      .optional(),
    q: z
      .string()
      .max(MAX_SEARCH_CHARS, `q must be at most ${MAX_SEARCH_CHARS} characters`)
      // Postgres text cannot hold NUL: refused here, not failed in the database.
      .refine((value) => !value.includes('\0'), 'q must not contain NUL characters')
      .transform((value) => value.trim().split(/\s+/).filter(Boolean))
      .refine(
        (words) => words.length <= MAX_SEARCH_WORDS,
        `q must be at most ${MAX_SEARCH_WORDS} words`,
      )
      .optional(),
    sort: z
      .enum(ITINERARY_SORTS, { error: `sort must be one of ${ITINERARY_SORTS.join(', ')}` })
      .optional(),
  })
  .refine((query) => !query.cursor || query.cursor.sort === (query.sort ?? 'newest'), {
    message: 'cursor belongs to another sort order',
  });

export type ItineraryPageQuery = z.infer<typeof itineraryPageQuerySchema>;

/** The page the parameters ask for; null when none is given (the whole list, as before). */
export function pageRequestOf(query: ItineraryPageQuery): ItineraryPageRequest | null {
  const { summary, progress, limit, cursor, q, sort } = query;
  if ([summary, progress, limit, cursor, q, sort].every((value) => value === undefined))
    return null;
  return {
    summary: summary ?? false,
    progress: progress ?? false,
    limit: limit ?? null,
    cursor: cursor ?? null,
    words: q && q.length > 0 ? q : null,
    sort: sort ?? 'newest',
  };
}
