import { defineConfig } from 'vitest/config';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isClosedSocketWrite } from './supabase/local/closed-socket-write.mjs';

const alias = {
  '@domain': fileURLToPath(new URL('./supabase/functions/_shared/domain', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

/**
 * With a worker per core, a CPU-bound property test gets half the machine while another file
 * runs: Vitest's default 5 s is a guard against hangs, not a speed requirement.
 */
const UNIT_TIMEOUT_MS = 20_000;

/**
 * Unit tests choose their environment the way Vitest documents it. A component or hook test
 * renders, and is named `*.test.tsx`: it runs in jsdom (project `unit`). Every other test,
 * `*.test.ts`, runs in plain Node (project `unit-node`; setting up jsdom costs most of a small
 * test file's time) unless it starts with `// @vitest-environment jsdom`, for a test that needs
 * the DOM (storage, `window`, or a module that reaches them). Each project has an `-isolated`
 * twin for the files that replace modules or globals (below). `--project 'unit*'` runs all four.
 */
const UNIT_TESTS_RENDERING = ['src/**/*.test.tsx'];
const UNIT_TESTS_OTHER = [
  'src/**/*.test.ts',
  'supabase/functions/_shared/**/*.test.ts',
  'vite/**/*.test.ts',
];
const root = fileURLToPath(new URL('.', import.meta.url));
const testFilesMatching = (dir: string, name: RegExp): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' ? [] : testFilesMatching(file, name);
    return name.test(entry.name) ? [file] : [];
  });

/**
 * Unit test files share their worker's module registry and environment (`isolate: false`: a
 * fresh jsdom and module graph for each file made the unit run 195 CPU-s instead of 117), except the files that
 * replace modules or globals (`vi.mock`, `vi.stubGlobal`, fake timers, spies…): those run
 * isolated, as a replaced module would otherwise stay replaced for the files after them. A
 * test in a shared file leaves the globals as it found them (the setup file empties the
 * document after each test).
 *
 * The isolated files run in Vitest's `vmThreads` pool: each file in a fresh VM context of a
 * long-lived worker, so the worker starts once per worker instead of once per file (the ~30
 * jsdom files: 18 s and 32 CPU-s instead of 56 s and 107 in the default `forks` pool; the
 * DOM-free ones 3 s instead of 7). The shared files stay in `forks` (`vmThreads` gives them
 * nothing: they already share one environment). Two things of a VM context: a value Node makes
 * itself (a real `fetch`'s TypeError, `structuredClone`'s output) is not an `instanceof` the
 * test's own `Error` or `Object` (stub such calls, as these tests do); and Node's own
 * `require` loads CommonJS packages: react-router-dom's would require react-router's ES module,
 * so the isolated projects resolve it to its ES module build (check the path on an upgrade).
 */
const REPLACES_MODULES_OR_GLOBALS =
  /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|spyOn|resetModules)\b/;
const ES_MODULE_BUILDS = {
  'react-router-dom': fileURLToPath(
    new URL('./node_modules/react-router-dom/dist/index.mjs', import.meta.url),
  ),
};
const isolated = ['src', 'supabase/functions/_shared', 'vite']
  .flatMap((dir) => testFilesMatching(dir, /\.test\.tsx?$/))
  .filter((file) => REPLACES_MODULES_OR_GLOBALS.test(readFileSync(path.join(root, file), 'utf8')));

/**
 * HTTP tests that start what they test themselves (`npm start`, the gateway, the function's
 * configuration, a build, the fakes) rather than using the api project's shared stack: a
 * project of their own, run beside the api project (tests/run-all.mjs), which leaves most of
 * a core idle while it waits on its stack.
 */
const API_STANDALONE = [
  'tests/api/local-start.test.ts',
  'tests/api/local-supervision.test.ts',
  'tests/api/local-mail.test.ts',
  'tests/api/local-gateway.test.ts',
  'tests/api/function-config.test.ts',
  'tests/api/spa-security.test.ts',
  'tests/fakes/**/*.test.ts',
];

export default defineConfig({
  test: {
    // A stack's database restarting (tests/load/db-restart.test.ts) ends a connection in the middle
    // of postgres.js's write: harmless, and ignored as `npm start` ignores it.
    onUnhandledError: (error) => (isClosedSocketWrite(error) ? false : undefined),
    // Vitest keeps a core for itself by default: one worker on a 2-core machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      ...[false, true].flatMap((isolate) => {
        const suffix = isolate ? '-isolated' : '';
        // Shared files: the globs minus the isolated files; isolated files: just those.
        const files = (globs: string[], rendering: boolean) =>
          isolate
            ? {
                // An empty include would mean Vitest's default (every test file).
                include: [
                  ...isolated.filter((file) => file.endsWith('.tsx') === rendering),
                  'no-isolated-unit-test',
                ],
                exclude: [],
              }
            : { include: globs, exclude: isolated };
        const common = {
          isolate,
          ...(isolate ? { pool: 'vmThreads' as const } : {}),
          testTimeout: UNIT_TIMEOUT_MS,
          // Texts, units and a clean document for the files that run in jsdom.
          setupFiles: ['src/test/setup.ts'],
        };
        return [
          {
            resolve: { alias: isolate ? { ...alias, ...ES_MODULE_BUILDS } : alias },
            test: {
              name: `unit${suffix}`,
              ...files(UNIT_TESTS_RENDERING, true),
              environment: 'jsdom',
              ...common,
            },
          },
          {
            resolve: { alias: isolate ? { ...alias, ...ES_MODULE_BUILDS } : alias },
            test: {
              name: `unit-node${suffix}`,
              ...files(UNIT_TESTS_OTHER, false),
              environment: 'node',
              ...common,
            },
          },
        ];
      }),
      {
        resolve: { alias },
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          globalSetup: ['tests/support/pglite-template-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time (each its own databases): 52 s instead of 64 alone.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: API_STANDALONE,
          globalSetup: ['tests/api/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api-standalone',
          include: API_STANDALONE,
          globalSetup: ['tests/support/pglite-template-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'load',
          include: ['tests/load/**/*.test.ts'],
          globalSetup: ['tests/load/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
