/** Bad input to the optimiser: the message says what is wrong and where. */
export class OptimizeInputError extends Error {
  override name = 'OptimizeInputError';
}
