import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayPlan } from '@domain/day-plan/day-plan.ts';
import type { StopReport } from '@domain/stop-reports.ts';
import { ORDER_ROUTE_CHANGED, ORDER_STOP_REPORTED } from '@domain/order-left.ts';
import { isApiError } from '@/lib/api-client';
import { driverReportKeys, type DriveRoute } from '@/lib/driver-reports';
import { costText } from '@/lib/optimizer/road-times-text.ts';
import { saveOrder } from '../api/save-order';
import {
  orderOfSolution,
  originWithoutDevice,
  previewTimes,
  reorderPlaces,
  reorderProblem,
  stopsLeft,
  type Origin,
  type PreviewStop,
} from '../model/reorder-left';

export type ReorderState =
  | { step: 'idle' }
  | { step: 'working' }
  | {
      step: 'preview' | 'saving';
      origin: Origin;
      leaving: number;
      preview: PreviewStop[];
      /** What the travel times were: road times, or straight lines and why. */
      cost: string;
      version: string;
    }
  | { step: 'saved' }
  | { step: 'failed'; why: 'search' | 'changed' | 'reported' | 'save' };

/** The phone's position now, or null when it is not allowed or not found within 10 s. */
function devicePosition(): Promise<{ lat: number; lng: number } | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, maximumAge: 60_000, timeout: 10_000 },
    );
  });
}

/**
 * "Re-order what is left from here": the stops still to do ordered by the day optimiser (in its
 * Web Worker, loaded when asked) from the phone's position (else the last stop reported on) at
 * the current time, shown with their times before the driver takes the order; taking it saves
 * it through the driver link, over the version the page read. Decided by the reports the server
 * has (a report still on the phone holds the button back until it is sent).
 */
export function useReorderLeft(token: string, route: DriveRoute) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ReorderState>({ step: 'idle' });
  const search = useRef<AbortController | null>(null);

  const plan: DayPlan = {
    ...(route.departure ? { departure: route.departure } : {}),
    ...(route.timeZone ? { timeZone: route.timeZone } : {}),
    ...(route.defaultServiceMinutes !== undefined
      ? { defaultServiceMinutes: route.defaultServiceMinutes }
      : {}),
    ...(route.end ? { end: route.end } : {}),
  };
  const reports = new Map(route.stops.map((stop) => [stop.id, stop.report]));
  const reportOf = (id: string): StopReport | undefined => reports.get(id);
  const left = stopsLeft(route.stops, (id) => reportOf(id)?.status);

  async function start() {
    const version = route.version;
    if (!version || left.length < 2) return;
    search.current?.abort();
    const controller = new AbortController();
    search.current = controller;
    setState({ step: 'working' });
    try {
      const [device, optimizer] = await Promise.all([devicePosition(), import('@/lib/optimizer')]);
      const origin: Origin = device
        ? { kind: 'device', ...device }
        : originWithoutDevice(route.stops, reportOf);
      const places = reorderPlaces(origin, left, plan, route.stops[0]);
      const times = await optimizer.loadTravelTimes(places, controller.signal);
      const now = Date.now();
      const problem = reorderProblem(left, plan, times.durations, times.distances, now);
      const outcome = await optimizer.solveVrp(problem, {
        ...optimizer.searchBudget(left.length),
        seed: 1,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      const order = orderOfSolution(outcome, left);
      setState({
        step: 'preview',
        origin,
        leaving: now,
        preview: previewTimes(left, order, plan, times.durations, now),
        cost: costText(
          {
            cost: times.kind,
            ...(times.straightBecause ? { straightBecause: times.straightBecause } : {}),
          },
          t,
        ),
        version,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('The order of the stops left could not be found', error);
      setState({ step: 'failed', why: 'search' });
    }
  }

  async function accept() {
    if (state.step !== 'preview') return;
    setState({ ...state, step: 'saving' });
    try {
      const saved = await saveOrder(token, {
        stopIds: state.preview.map((item) => item.stop.id),
        version: state.version,
      });
      queryClient.setQueryData(driverReportKeys.drive(token), saved);
      // Read again too, so the copy kept on the phone has the new order.
      void queryClient.invalidateQueries({ queryKey: driverReportKeys.drive(token) });
      setState({ step: 'saved' });
    } catch (error) {
      const code = isApiError(error) && error.status === 409 ? error.serverCode : undefined;
      if (code === ORDER_ROUTE_CHANGED || code === ORDER_STOP_REPORTED)
        void queryClient.invalidateQueries({ queryKey: driverReportKeys.drive(token) });
      setState({
        step: 'failed',
        why:
          code === ORDER_ROUTE_CHANGED
            ? 'changed'
            : code === ORDER_STOP_REPORTED
              ? 'reported'
              : 'save',
      });
    }
  }

  function close() {
    search.current?.abort();
    setState({ step: 'idle' });
  }

  return { state, left: left.length, canReorder: Boolean(route.version), start, accept, close };
}
