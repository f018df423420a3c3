// Ends the local `api` function's Deno process when the process that started it is gone,
// however that ended (SIGKILL, a closed terminal, a crash), so no function is left holding its
// port. The parent keeps this process's stdin open, a pipe nothing is written to: the end of
// that input means the parent has ended. Imported first by function-entry.ts (not as a
// `--preload`: Deno would wait for this read to finish before running the function).
void (async () => {
  const input = Deno.stdin.readable.getReader();
  try {
    // Nothing is ever written; only the end matters.
    while (!(await input.read()).done);
  } finally {
    Deno.exit(0);
  }
})();
