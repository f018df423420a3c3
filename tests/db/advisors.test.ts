// Supabase's own database linter (`supabase db advisors`, the checks behind the
// dashboard's Security and Performance Advisors) against PostgreSQL 15 after the
// migrations. Any security finding fails, except the one the design wants: the
// proxies' private tables have RLS enabled and deliberately no policy (deny all; only
// service_role's security-definer functions reach them). Performance findings are
// printed; the accepted ones are explained in docs/security.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../supabase/local/backend.mjs';
import {
  postgres15Availability,
  startPostgres15,
  type Postgres15Database,
} from '../support/postgres15.mjs';

interface Finding {
  name: string;
  level: 'INFO' | 'WARN' | 'ERROR';
  categories: string[];
  detail: string;
  metadata?: { schema?: string; name?: string; type?: string };
}

const root = path.resolve(import.meta.dirname, '../..');
const supabaseCli = path.join(root, 'node_modules', '.bin', 'supabase');

/** Intended: deny-all tables in `private` (RLS on, no policy, no grants). */
const ACCEPTED_SECURITY = (finding: Finding) =>
  finding.name === 'rls_enabled_no_policy' &&
  finding.level === 'INFO' &&
  finding.metadata?.schema === 'private';

/** Performance findings explained in docs/security.md. */
const ACCEPTED_PERFORMANCE = new Set(['unused_index']);

const availability = postgres15Availability();
const skipReason =
  !availability.available && process.env.CI !== 'true' ? availability.reason : undefined;
if (skipReason)
  console.warn(`[db tests] Supabase database linter skipped (no PostgreSQL 15): ${skipReason}`);

describe.skipIf(Boolean(skipReason))(
  'Supabase database linter (supabase db advisors) on PostgreSQL 15',
  () => {
    let database: Postgres15Database | undefined;
    let findings: Finding[] = [];

    beforeAll(async () => {
      database = await startPostgres15();
      // createBackend gives the database what hosted Supabase has (auth schema, API roles) and applies the migrations.
      const backend = await createBackend({
        databaseUrl: database.url,
        siteUrl: 'http://localhost:5173',
        seed: false,
      });
      await backend.close();
      const result = spawnSync(
        supabaseCli,
        [
          'db',
          'advisors',
          `--remote=${database.url}`,
          '--type',
          'all',
          '--level',
          'info',
          '--output-format',
          'json',
        ],
        {
          encoding: 'utf8',
          cwd: root,
          timeout: 120_000,
          env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
        },
      );
      if (result.status !== 0)
        throw new Error(
          `supabase db advisors failed (${result.status}): ${result.stderr}${result.stdout}`,
        );
      findings = JSON.parse(result.stdout).results ?? [];
      for (const finding of findings)
        console.info(
          `[advisors] ${finding.level} ${finding.categories.join('/')} ${finding.name}: ${finding.detail}`,
        );
    }, 180_000);

    afterAll(async () => {
      await database?.stop();
    });

    it('reports no security finding (RLS, policies, definer functions, search_path, exposed schemas)', () => {
      const security = findings.filter(
        (f) => f.categories.includes('SECURITY') && !ACCEPTED_SECURITY(f),
      );
      expect(security.map((f) => `${f.level} ${f.name}: ${f.detail}`)).toEqual([]);
    });

    it('reports no performance finding but the accepted ones, and nothing above INFO', () => {
      const performance = findings.filter((f) => f.categories.includes('PERFORMANCE'));
      expect(
        performance
          .filter((f) => !ACCEPTED_PERFORMANCE.has(f.name) || f.level !== 'INFO')
          .map((f) => `${f.level} ${f.name}: ${f.detail}`),
      ).toEqual([]);
    });

    it('actually ran the linter (it sees the private deny-all tables)', () => {
      expect(findings.some(ACCEPTED_SECURITY)).toBe(true);
    });
  },
);
