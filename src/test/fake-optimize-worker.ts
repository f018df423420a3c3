import type { OptimizeWorker } from '@/lib/optimizer/optimize-client.ts';
import {
  createWorkerHandler,
  type OptimizeRequest,
  type WorkerRequest,
  type WorkerResponse,
} from '@/lib/optimizer/protocol.ts';

/**
 * A stand-in for the Web Worker in tests (jsdom has none): it answers with the real protocol
 * handler on a later task, like a worker would, unless it was terminated first. Vrp runs go on in
 * slices on timers, as in the worker.
 */
export class FakeOptimizeWorker implements OptimizeWorker {
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  /** Single-route requests not answered yet. */
  readonly received: OptimizeRequest[] = [];
  /** Every message posted to the worker, in order. */
  readonly messages: WorkerRequest[] = [];
  private readonly handle = createWorkerHandler(
    (response) => {
      if (!this.terminated) this.onmessage?.(new MessageEvent('message', { data: response }));
    },
    (task) => {
      setTimeout(() => {
        if (!this.terminated) task();
      }, 0);
    },
  );

  /** When false, single-route requests wait until `flush()` (to observe the running state). */
  constructor(private readonly answerAutomatically = true) {}

  postMessage(message: WorkerRequest): void {
    this.messages.push(message);
    if (message.type === 'optimize') {
      this.received.push(message);
      if (this.answerAutomatically) setTimeout(() => this.flush(), 0);
    } else {
      setTimeout(() => {
        if (!this.terminated) this.handle(message);
      }, 0);
    }
  }

  flush(): void {
    for (const message of this.received.splice(0)) {
      if (this.terminated) return;
      this.handle(message);
    }
  }

  crash(message: string): void {
    this.onerror?.(new ErrorEvent('error', { message, cancelable: true }));
  }

  terminate(): void {
    this.terminated = true;
  }
}
