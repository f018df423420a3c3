import { REPORT_NO_STOP } from '@domain/stop-reports.ts';
import { isApiError } from '@/lib/api-client';
import type { KeyValueStore } from '@/lib/offline';
import type { ReportToSend } from '@/lib/driver-reports';
import {
  markRefused,
  markSent,
  nextPart,
  nextToSend,
  refusalOf,
  type ProofKind,
  type QueuedReport,
} from './report-outbox';

/** Where a driver link's queue is kept on the device (IndexedDB, the offline store). */
export const driveOutboxKey = (token: string) => `drive-outbox:${token}`;

export interface ReportApi {
  post(token: string, report: ReportToSend): Promise<unknown>;
  put(token: string, reportId: string, kind: ProofKind, image: Blob): Promise<unknown>;
}

export type FlushOutcome =
  /** Everything that can be sent was sent. */
  | { kind: 'done'; sent: number }
  /** No network, or the server could not answer: try again later. */
  | { kind: 'later'; sent: number; retryAfterSeconds?: number }
  /** The link was revoked (or never existed): nothing can be sent through it. */
  | { kind: 'revoked'; sent: number };

export async function readQueue(store: KeyValueStore, token: string): Promise<QueuedReport[]> {
  return (await store.get<QueuedReport[]>(driveOutboxKey(token))) ?? [];
}

export function updateQueue(
  store: KeyValueStore,
  token: string,
  change: (queue: QueuedReport[]) => QueuedReport[],
): Promise<void> {
  return store.update<QueuedReport[]>(driveOutboxKey(token), (queue) => {
    const next = change(queue ?? []);
    return next.length ? next : undefined;
  });
}

/**
 * Sends the queue in order, one part at a time, until it is empty or the network fails. A part
 * is marked sent only after a 2xx, so nothing is lost; sending it again after a lost answer is
 * harmless (see report-outbox.ts), so nothing is doubled. Bad input (a 4xx) is kept and marked
 * refused for the driver to see; the entries after it still go.
 */
export async function flushReports(
  store: KeyValueStore,
  api: ReportApi,
  token: string,
): Promise<FlushOutcome> {
  let sent = 0;
  for (;;) {
    const entry = nextToSend(await readQueue(store, token));
    const part = entry ? nextPart(entry) : null;
    if (!entry || !part) return { kind: 'done', sent };
    const { id } = entry.report;
    try {
      if (part === 'report') await api.post(token, entry.report);
      else await api.put(token, id, part, entry[part]!);
      await updateQueue(store, token, (queue) => markSent(queue, id, part));
      if (part === 'report') sent += 1;
    } catch (error) {
      const status = isApiError(error) ? error.status : 0;
      // Answered 2xx in a shape this page does not read: the server has the part all the same.
      if (status >= 200 && status < 300) {
        await updateQueue(store, token, (queue) => markSent(queue, id, part));
        continue;
      }
      // A 404 to the report itself: the link is gone, unless the server says the stop is (the
      // owner removed it meanwhile): then only this report is refused. To a proof, only the proof.
      const stopGone = isApiError(error) && error.serverCode === REPORT_NO_STOP;
      if (status === 404 && part === 'report' && !stopGone) return { kind: 'revoked', sent };
      if (status === 0 || status === 408 || status === 429 || status >= 500) {
        const retryAfterSeconds = isApiError(error) ? error.retryAfterSeconds : undefined;
        return { kind: 'later', sent, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
      }
      // The page says why in its own language; the server's words are for the console.
      console.warn("The server refused a report's part for good", { part, status, error });
      const refusal = refusalOf(status, part, isApiError(error) ? error.serverCode : undefined);
      await updateQueue(store, token, (queue) => markRefused(queue, id, refusal));
    }
  }
}
