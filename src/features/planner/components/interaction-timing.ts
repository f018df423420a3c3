/**
 * How long the planner takes to show a change to the stops: from the user's input (the click or
 * key press that changed them) to the first frame painted after React committed the new list,
 * markers and summary. Each measure is a User Timing entry named `planner:add`, `planner:remove`,
 * `planner:move` (or `planner:change`), visible in the browser's performance panel and read by
 * bench/interaction.mjs. A change with no input just before it (a reverse-geocoded map click that
 * waited for the network, a route loaded from the server) is not measured: it is not the page's
 * own time.
 */
import { useEffect, useRef } from 'react';

export type StopChangeKind = 'add' | 'remove' | 'move' | 'change';

interface Identified {
  id: string;
}

/** What happened between two versions of the stop list (by stop ids). */
export function classifyStopChange(
  before: readonly Identified[],
  after: readonly Identified[],
): StopChangeKind | null {
  if (before === after) return null;
  if (
    after.length === before.length + 1 &&
    before.every((stop, index) => stop.id === after[index].id)
  )
    return 'add';
  if (after.length === before.length - 1) {
    const kept = new Set(after.map((stop) => stop.id));
    if (
      after.every((stop) => before.some((old) => old.id === stop.id)) &&
      before.filter((stop) => !kept.has(stop.id)).length === 1
    ) {
      return 'remove';
    }
  }
  if (after.length === before.length && after.length > 0) {
    const ids = new Set(before.map((stop) => stop.id));
    const sameStops = after.every((stop) => ids.has(stop.id));
    const moved = before.some((stop, index) => stop.id !== after[index].id);
    if (sameStops && moved) return 'move';
  }
  return 'change';
}

/** An input older than this did not cause the change directly. */
const INPUT_WINDOW_MS = 1000;

let lastInput: number | null = null;
let listening = false;

function listenForInput() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const remember = (event: Event) => {
    lastInput = event.timeStamp;
  };
  // Capture phase: before React handles the event and changes the state.
  window.addEventListener('click', remember, { capture: true });
  window.addEventListener('keydown', remember, { capture: true });
}

/** Runs after the next frame has been painted (rAF, then a task). */
function afterNextPaint(callback: () => void) {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => callback();
    channel.port2.postMessage(null);
  });
}

/** Measures each change of `stops` that an input caused; call it in a component that renders them. */
export function useStopChangeTiming(stops: readonly Identified[]): void {
  const previous = useRef(stops);
  useEffect(() => {
    listenForInput();
  }, []);
  useEffect(() => {
    const before = previous.current;
    previous.current = stops;
    const kind = classifyStopChange(before, stops);
    const start = lastInput;
    if (kind === null || start === null || typeof performance === 'undefined') return;
    if (performance.now() - start > INPUT_WINDOW_MS) return;
    lastInput = null;
    afterNextPaint(() => {
      performance.measure(`planner:${kind}`, { start, end: performance.now() });
    });
  }, [stops]);
}
