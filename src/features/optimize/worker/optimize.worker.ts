/** Runs the optimiser off the main thread so that the page never freezes. */
import { handleOptimizeMessage, type OptimizeResponse } from './protocol.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(response: OptimizeResponse): void;
};

scope.onmessage = (event) => scope.postMessage(handleOptimizeMessage(event.data));
