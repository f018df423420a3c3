/** A search cancelled, or superseded by a newer one, before it answered. */
export class OptimizeCancelledError extends Error {
  override name = 'OptimizeCancelledError';
  constructor() {
    super('The optimisation was cancelled');
  }
}
