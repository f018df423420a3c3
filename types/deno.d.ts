/**
 * The part of Deno's runtime API this repository uses (the `api` Edge Function, the optimiser
 * CLI and its benchmarks, the local stack's preload), so `tsc -b` can check those files beside the rest. Deno itself
 * checks them against its full types when it runs them.
 */
declare namespace Deno {
  interface Env {
    get(key: string): string | undefined;
  }
  const env: Env;
  const args: string[];
  const stdin: { readable: ReadableStream<Uint8Array> };
  function exit(code?: number): never;
  function readTextFile(path: string | URL): Promise<string>;
  /** The load average over 1, 5 and 15 minutes (needs --allow-sys=loadavg). */
  function loadavg(): number[];
  function serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  namespace errors {
    class NotFound extends Error {}
  }
}

/** Node's `process` as Deno provides it: the CPU time of the whole process, every worker. */
declare module 'node:process' {
  const process: {
    cpuUsage(previous?: { user: number; system: number }): { user: number; system: number };
  };
  export default process;
}
