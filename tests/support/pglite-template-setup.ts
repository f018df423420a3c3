// A Vitest global setup for the projects whose tests create backends of their own (db,
// api-standalone): they start from a PGlite data directory prepared once for the run
// (pglite-template.ts).
import type { TestProject } from 'vitest/node';
import { providePgliteTemplate } from './pglite-template';

export default function setup(project: TestProject) {
  return providePgliteTemplate(project);
}
