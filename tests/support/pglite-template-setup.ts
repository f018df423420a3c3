// A Vitest global setup for the projects whose tests create backends of their own (db,
// api-standalone): they start from a PGlite data directory prepared once for the run
// (pglite-template.ts). On the PostgreSQL 15 server of TEST_DATABASE_URL, the API roles are
// made first: the db files run two at a time, and two new databases' set-ups (ours and
// @supabase/lite's) would otherwise race to create those server-wide roles.
import type { TestProject } from 'vitest/node';
import { applyServerRoles, openAdminSql } from '../../supabase/local/database.mjs';
import { providePgliteTemplate } from './pglite-template';

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = openAdminSql({ databaseUrl: serverUrl });
    try {
      await applyServerRoles(admin);
    } finally {
      await admin.close();
    }
  }
  return providePgliteTemplate(project);
}
