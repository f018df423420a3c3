/**
 * The part of Deno's runtime API this repository uses (the `api` Edge Function, the optimiser
 * CLI and its benchmarks), so `tsc -b` can check those files beside the rest. Deno itself
 * checks them against its full types when it runs them.
 */
declare namespace Deno {
  interface Env {
    get(key: string): string | undefined;
  }
  const env: Env;
  const args: string[];
  function exit(code?: number): never;
  function readTextFile(path: string | URL): Promise<string>;
  function serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  namespace errors {
    class NotFound extends Error {}
  }
}
