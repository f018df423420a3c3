import type { OptimizeWorker } from './optimize-client.ts';
import { handleOptimizeMessage, type OptimizeRequest, type OptimizeResponse } from './protocol.ts';

/**
 * A stand-in for the Web Worker in tests (jsdom has none): it answers with the real protocol
 * handler on a later task, like a worker would, unless it was terminated first.
 */
export class FakeOptimizeWorker implements OptimizeWorker {
  onmessage: ((event: MessageEvent<OptimizeResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  readonly received: OptimizeRequest[] = [];
  /** When false, requests wait until `flush()` (to observe the running state). */
  constructor(private readonly answerAutomatically = true) {}

  postMessage(message: OptimizeRequest): void {
    this.received.push(message);
    if (this.answerAutomatically) setTimeout(() => this.flush(), 0);
  }

  flush(): void {
    for (const message of this.received.splice(0)) {
      if (this.terminated) return;
      this.onmessage?.(new MessageEvent('message', { data: handleOptimizeMessage(message) }));
    }
  }

  crash(message: string): void {
    this.onerror?.(new ErrorEvent('error', { message, cancelable: true }));
  }

  terminate(): void {
    this.terminated = true;
  }
}
