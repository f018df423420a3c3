/** Runs the optimisers off the main thread so that the page never freezes. */
import { createWorkerHandler, type WorkerResponse } from './protocol.ts';
import { isWarmUp, warmUpOptimizers } from './warm-up.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(response: WorkerResponse): void;
};

// Between two slices of a vrp run the worker yields with a message to itself (unlike setTimeout,
// not throttled to 4 ms when nested), so that the page's messages (a stop request) are handled.
const tasks: (() => void)[] = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => tasks.shift()?.();
const schedule = (task: () => void) => {
  tasks.push(task);
  channel.port2.postMessage(null);
};

const handle = createWorkerHandler((response) => scope.postMessage(response), schedule);
scope.onmessage = (event) => {
  // Loaded ahead of the click (create-worker.ts): compile the search before the route arrives.
  if (isWarmUp(event.data)) warmUpOptimizers();
  else handle(event.data);
};
