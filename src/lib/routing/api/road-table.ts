import type { LatLng } from '@domain/geo.ts';
import { registerAccountCache } from '@/lib/account-caches';
import {
  assembleTable,
  blockKey,
  fitsBlock,
  groupPlaces,
  planBlocks,
  type BlockAnswer,
} from '../model/table-blocks';

/** The route service's limits (GET /api/routes/limits). */
export interface RouterLimits {
  /** Sources (and destinations) per block: the router's table limit. */
  tableMaxCoordinates: number;
  /** The spacing the route service keeps between two router requests (0: none). */
  upstreamIntervalMs: number;
}

/** A block as POST /api/routes/table/block answers it; `estimated`: the router failed on it. */
export type BlockReply = BlockAnswer & { estimated: boolean };

/**
 * Asks for one block. A refusal for now (the per-client rate limit) rejects with `status` 429
 * and, when the server said, `retryAfterSeconds` (as the /api client's ApiError does).
 */
export type BlockFetcher = (
  sources: LatLng[],
  destinations: LatLng[] | null,
  signal: AbortSignal,
) => Promise<BlockReply>;

/** Most table cells kept in the page (a day of 1000 places is 1,000,000). */
const MAX_CACHED_CELLS = 1_200_000;

/** Answered blocks by their places, the least recently used forgotten first. */
class BlockCache {
  private readonly blocks = new Map<string, BlockAnswer>();
  private cells = 0;

  get(key: string): BlockAnswer | undefined {
    const block = this.blocks.get(key);
    if (block) {
      this.blocks.delete(key);
      this.blocks.set(key, block);
    }
    return block;
  }

  set(key: string, block: BlockAnswer): void {
    if (this.blocks.has(key)) return;
    this.blocks.set(key, block);
    this.cells += cellsOf(block);
    for (const [oldest, answer] of this.blocks) {
      if (this.cells <= MAX_CACHED_CELLS) break;
      this.blocks.delete(oldest);
      this.cells -= cellsOf(answer);
    }
  }

  clear(): void {
    this.blocks.clear();
    this.cells = 0;
  }
}

const cellsOf = (block: BlockAnswer) => block.distances.length * (block.distances[0]?.length ?? 0);

/*
 * The page's blocks, made (and registered to be forgotten with the account) on first use: a
 * module without work at its top level stays out of the pages that never ask for a table, such
 * as the planner before its first optimisation.
 */
let pageCache: BlockCache | null = null;
function blockCache(): BlockCache {
  if (pageCache === null) {
    pageCache = new BlockCache();
    registerAccountCache(forgetRoadTables);
  }
  return pageCache;
}

/** Forgets every block kept in the page (another account's places are not this one's). */
export const forgetRoadTables = (): void => pageCache?.clear();

/** How far the table has got: blocks in hand of all, and the time left at the pace so far. */
export interface RoadTableProgress {
  done: number;
  total: number;
  /** Estimated milliseconds until the last block is in. */
  leftMs: number;
}

export interface RoadTable {
  size: number;
  /** Row-major size x size: metres and seconds from each place [row] to each [column]. */
  distances: Float64Array;
  durations: Float64Array;
}

export interface RoadTableOptions {
  signal?: AbortSignal;
  onProgress?: (progress: RoadTableProgress) => void;
  /** Asks for one block (road-table-requests.ts: the /api's). */
  fetch: BlockFetcher;
  /** The route service's limits. */
  limits: () => Promise<RouterLimits>;
  /** Waits `ms` (tests pass a clock of their own). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Blocks asked for at once: the upstream gate spaces them; two hide each one's round trip. */
const CONCURRENT_BLOCKS = 2;
/** A block is asked for again once after a failure (the router's slot was taken, a lost answer). */
const ATTEMPTS = 2;
/** The longest Retry-After a block waits for; beyond, the route service counts as failed. */
const MAX_RETRY_AFTER_S = 60;
/** Time per block assumed before the first answer, with no upstream spacing. */
const FIRST_GUESS_MS = 300;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

class RouteServiceFailed extends Error {}

/**
 * Road distances and durations between every pair of `places`, asked for in blocks of the
 * router's table limit (planBlocks: near places together, the nearest pairs of groups first),
 * two at a time, each block kept in the page so that the same places ask nothing the second
 * time. Progress is reported after every block. Null when the route service fails on a block
 * twice (or cannot be asked): road figures are an improvement, never a reason to fail. Rejects
 * only when `signal` aborts.
 */
export async function loadRoadTable(
  places: readonly LatLng[],
  { signal, onProgress, fetch, limits, wait = sleep }: RoadTableOptions,
): Promise<RoadTable | null> {
  const inner = new AbortController();
  const stopInner = () => inner.abort(signal?.reason);
  signal?.addEventListener('abort', stopInner, { once: true });
  try {
    signal?.throwIfAborted();
    let routerLimits: RouterLimits;
    try {
      routerLimits = await limits();
    } catch (error) {
      if (signal?.aborted) throw error;
      console.warn('Route service limits unavailable; using straight-line times', error);
      return null;
    }
    const plan = planBlocks(places, routerLimits.tableMaxCoordinates);
    const requests = plan.blocks.map(({ from, to }) => {
      const sources = groupPlaces(places, plan.groups[from]);
      const destinations = from === to ? null : groupPlaces(places, plan.groups[to]);
      return { sources, destinations, key: blockKey(sources, destinations) };
    });
    const answers: (BlockAnswer | undefined)[] = requests.map(({ key }) => blockCache().get(key));
    const missing = answers.flatMap((answer, index) => (answer ? [] : [index]));
    const total = requests.length;
    let done = total - missing.length;
    let fetched = 0;
    const started = performance.now();
    const report = () => {
      const left = total - done;
      const perBlock =
        fetched > 0
          ? (performance.now() - started) / fetched
          : Math.max(routerLimits.upstreamIntervalMs, FIRST_GUESS_MS);
      onProgress?.({ done, total, leftMs: Math.round(left * perBlock) });
    };
    report();

    const ask = async (index: number): Promise<BlockAnswer> => {
      const { sources, destinations } = requests[index];
      for (let attempt = 1; ; attempt++) {
        let reply: BlockReply | null = null;
        try {
          reply = await fetch(sources, destinations, inner.signal);
        } catch (error) {
          if (inner.signal.aborted) throw error;
          const refusal = error as { status?: unknown; retryAfterSeconds?: unknown };
          if (refusal.status === 429) {
            const seconds =
              typeof refusal.retryAfterSeconds === 'number' ? refusal.retryAfterSeconds : 1;
            if (seconds > MAX_RETRY_AFTER_S) throw new RouteServiceFailed('busy for too long');
            await wait(seconds * 1000, inner.signal);
            attempt--;
            continue;
          }
          console.warn('A block of road times failed', error);
        }
        const rows = sources.length;
        const columns = (destinations ?? sources).length;
        if (reply && !reply.estimated && fitsBlock(reply, rows, columns)) return reply;
        if (attempt >= ATTEMPTS) throw new RouteServiceFailed('a block failed twice');
        await wait(Math.max(1000, routerLimits.upstreamIntervalMs), inner.signal);
      }
    };

    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const index = missing[next++];
        const answer = await ask(index);
        inner.signal.throwIfAborted();
        blockCache().set(requests[index].key, answer);
        answers[index] = answer;
        done++;
        fetched++;
        report();
      }
    };
    try {
      await Promise.all(Array.from({ length: CONCURRENT_BLOCKS }, worker));
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof RouteServiceFailed) {
        console.warn(`Road times unavailable (${error.message}); using straight-line times`);
        return null;
      }
      throw error;
    }
    return {
      size: places.length,
      ...assembleTable(plan, places.length, answers as BlockAnswer[]),
    };
  } finally {
    inner.abort();
    signal?.removeEventListener('abort', stopInner);
  }
}
