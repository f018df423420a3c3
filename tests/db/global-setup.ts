// Each database test file's embedded backend starts from a PGlite data directory prepared once
// for the run (tests/support/pglite-template.ts).
import type { TestProject } from 'vitest/node';
import { providePgliteTemplate } from '../support/pglite-template';

export default function setup(project: TestProject) {
  return providePgliteTemplate(project);
}
