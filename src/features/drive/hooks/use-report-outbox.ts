import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReportToSend } from '@/lib/driver-reports';
import { offlineStore } from '@/lib/offline';
import { driverReportKeys, sendReport } from '@/lib/driver-reports';
import { forgetGoneLink, type DriveStop } from '../api/drive-route';
import { putProof } from '../api/send-report';
import {
  isWaiting,
  queuedReport,
  withoutConfirmed,
  withoutEntry,
  type QueuedReport,
} from '../model/report-outbox';
import {
  flushReports,
  readQueue,
  updateQueue,
  type FlushOutcome,
  type ReportApi,
} from '../model/report-sender';

const reportApi: ReportApi = { post: (token, report) => sendReport(token, report), put: putProof };

/** While reports wait, the page tries again this often (and at once when the network is back). */
const RETRY_MS = 15_000;

export type SendState = 'idle' | 'sending' | FlushOutcome['kind'];

/**
 * The driver link's queue of reports on this device: a report is kept in IndexedDB first, then
 * sent (in order, each once, see model/report-sender.ts) now, whenever the network comes back,
 * and every 15 s while some wait. One flush at a time per browser (Web Locks, as the itinerary
 * outbox does), so two tabs of the same link never send at once.
 */
export function useReportOutbox(token: string, serverStops: readonly DriveStop[] | undefined) {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueuedReport[]>([]);
  const [state, setState] = useState<SendState>('idle');
  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const reload = useCallback(async () => setQueue(await readQueue(offlineStore(), token)), [token]);

  const flush = useCallback((): Promise<void> => {
    if (running.current) {
      again.current = true;
      return running.current;
    }
    const once = async () => {
      const work = () => flushReports(offlineStore(), reportApi, token);
      const outcome = navigator.locks
        ? await navigator.locks.request(`drive-outbox:${token}`, work)
        : await work();
      setState(outcome.kind);
      // A revoked link: the route read again says so, and the page lists what was not sent.
      if (outcome.sent > 0 || outcome.kind === 'revoked')
        void queryClient.invalidateQueries({ queryKey: driverReportKeys.drive(token) });
    };
    running.current = (async () => {
      setState('sending');
      do {
        again.current = false;
        try {
          await once();
        } catch (error) {
          console.warn('Could not send the reports yet', error);
          setState('later');
        }
        await reload();
      } while (again.current);
    })().finally(() => {
      running.current = null;
    });
    return running.current;
  }, [queryClient, reload, token]);

  const report = useCallback(
    async (input: ReportToSend, proofs: { photo?: Blob | null; signature?: Blob | null }) => {
      await updateQueue(offlineStore(), token, (current) => [
        ...current,
        queuedReport(input, proofs),
      ]);
      await reload();
      void flush();
    },
    [flush, reload, token],
  );

  /** A refused report leaves the device when the driver has read why. */
  const dismiss = useCallback(
    async (id: string) => {
      await updateQueue(offlineStore(), token, (current) => withoutEntry(current, id));
      await reload();
    },
    [reload, token],
  );

  /** The driver removes what a replaced or revoked link could not send, and the route's copy. */
  const removeUnsent = useCallback(async () => {
    await forgetGoneLink(token);
    await reload();
  }, [reload, token]);

  useEffect(() => {
    // What this device kept from before (a reload, the link opened again), then send it.
    void Promise.resolve().then(reload).then(flush);
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush, reload]);

  // Sent reports the server's route now shows need no copy on the device any more.
  useEffect(() => {
    if (!serverStops) return;
    void Promise.resolve()
      .then(() =>
        updateQueue(offlineStore(), token, (current) => withoutConfirmed(current, serverStops)),
      )
      .then(reload);
  }, [reload, serverStops, token]);

  const waiting = queue.filter(isWaiting).length;
  const revoked = state === 'revoked';
  useEffect(() => {
    // Through a revoked link nothing will go: no more tries (the `online` event still tries).
    if (waiting === 0 || revoked) return;
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [flush, waiting, revoked]);

  return { queue, waiting, state, report, dismiss, flush, removeUnsent };
}
