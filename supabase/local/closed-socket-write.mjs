/**
 * postgres.js (the driver of lite's Data API and Auth on PostgreSQL) sends a short message on the
 * next turn of the event loop. When the database closes the connection in between (a restart),
 * that send throws from its own callback, out of reach of any query: "Cannot read properties of
 * null (reading 'write')" at `nextWrite` in postgres/src/connection.js. The query it belonged to
 * has already failed (CONNECTION_CLOSED: the API answers 503) and the pool opens a new
 * connection, so the error harms nothing; left alone, it would end the process.
 *
 * @param {unknown} error
 * @returns {boolean} whether `error` is that one
 */
export function isClosedSocketWrite(error) {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message, stack } =
    /** @type {{ name?: unknown, message?: unknown, stack?: unknown }} */ (error);
  return (
    name === 'TypeError' &&
    message === "Cannot read properties of null (reading 'write')" &&
    typeof stack === 'string' &&
    /\bnextWrite\b/.test(stack) &&
    /[\\/]postgres[\\/]src[\\/]connection\.js/.test(stack)
  );
}
