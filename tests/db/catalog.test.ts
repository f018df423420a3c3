// What the catalog must say for the whole schema, not only for today's tables: RLS everywhere
// in public with a policy per operation, nothing granted to anon but the shared-route function
// and the driver and tracking links' token functions, and those security definers with a fixed
// search_path.
import { expect, it } from 'vitest';
import { describeOnEveryBackend } from './harness';

const OPERATIONS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];

describeOnEveryBackend('Schema catalog', (db) => {
  const publicTables = async () =>
    (
      await db().admin.query<{ name: string; rls: boolean; comment: string | null }>(
        `select c.relname as name, c.relrowsecurity as rls, obj_description(c.oid, 'pg_class') as comment
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p')
         order by c.relname`,
      )
    ).map((row) => ({ ...row }));

  it('has the tables the migrations create', async () => {
    const names = (await publicTables()).map((table) => table.name);
    expect(names).toEqual(expect.arrayContaining(['itineraries', 'itinerary_shares']));
  });

  it('enables row-level security on every table in public', async () => {
    const withoutRls = (await publicTables())
      .filter((table) => !table.rls)
      .map((table) => table.name);
    expect(withoutRls).toEqual([]);
  });

  it('has at least one policy per operation (select, insert, update, delete) on every table in public', async () => {
    const policies = await db().admin.query<{ tablename: string; cmd: string }>(
      `select tablename, cmd from pg_policies where schemaname = 'public'`,
    );
    const missing = (await publicTables()).flatMap((table) =>
      OPERATIONS.filter(
        (operation) =>
          !policies.some(
            (policy) =>
              policy.tablename === table.name && (policy.cmd === operation || policy.cmd === 'ALL'),
          ),
      ).map((operation) => `${table.name}: ${operation}`),
    );
    expect(missing).toEqual([]);
  });

  it('gives anon and public no policy at all, and evaluates auth.uid() once per statement', async () => {
    const policies = await db().admin.query<{
      name: string;
      roles: string[];
      qual: string | null;
      with_check: string | null;
    }>(
      `select tablename || ': ' || policyname as name, roles::text[] as roles, qual, with_check
       from pg_policies where schemaname = 'public'`,
    );
    expect(
      policies.filter((policy) =>
        policy.roles.some((role) => role === 'anon' || role === 'public'),
      ),
    ).toEqual([]);
    // Supabase's linter (auth_rls_initplan): a bare auth.uid() is re-evaluated per row.
    const bareCalls = policies.filter((policy) =>
      [policy.qual, policy.with_check].some(
        (expression) => expression && /(?<!SELECT )auth\.(uid|jwt|role)\(\)/.test(expression),
      ),
    );
    expect(bareCalls.map((policy) => policy.name)).toEqual([]);
  });

  it('documents every table in public (comment on table)', async () => {
    const undocumented = (await publicTables())
      .filter((table) => !table.comment)
      .map((table) => table.name);
    expect(undocumented).toEqual([]);
  });

  it('has no view in public that would bypass row-level security', async () => {
    const views = await db().admin.query<{ name: string }>(
      `select c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('v', 'm')
         and not coalesce(c.reloptions @> array['security_invoker=true'], false)`,
    );
    expect(views).toEqual([]);
  });

  it('grants anon nothing on any table in public', async () => {
    const grants = await db().admin.query<{ name: string }>(
      `select c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
         and has_table_privilege('anon', c.oid, 'select, insert, update, delete, truncate, references, trigger')`,
    );
    expect(grants).toEqual([]);
  });

  it('lets no API role but service_role truncate (TRUNCATE ignores row-level security)', async () => {
    const truncatable = await db().admin.query<{ grant: string }>(
      `select r.rolname || ' on ' || c.relname as grant
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       cross join (values ('anon'), ('authenticated')) as r (rolname)
       where n.nspname = 'public' and c.relkind in ('r', 'p')
         and has_table_privilege(r.rolname, c.oid, 'truncate')`,
    );
    expect(truncatable).toEqual([]);
  });

  it('lets anon execute get_shared_route and the driver and tracking links’ reading functions, nothing else in public', async () => {
    const executable = await db().admin.query<{ signature: string }>(
      `select p.oid::regprocedure::text as signature
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute')
       order by 1`,
    );
    expect(executable.map((row) => row.signature)).toEqual([
      'driver_route(text)',
      'get_shared_route(text)',
      'tracking_stop(text)',
    ]);
  });

  it('lets only service_role (the api function, after its checks) run a driver link’s writes and list orphaned proofs', async () => {
    const callers = await db().admin.query<{ name: string; roles: string[] }>(
      `select p.proname as name,
         array(select r from unnest(array['anon', 'authenticated', 'service_role']) r
               where has_function_privilege(r, p.oid, 'execute') order by 1) as roles
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public'
         and p.proname in (
           'driver_report', 'driver_reorder', 'driver_proof_begin', 'driver_proof_done',
           'orphan_proofs')
       order by 1`,
    );
    expect(callers).toEqual(
      [
        'driver_proof_begin',
        'driver_proof_done',
        'driver_reorder',
        'driver_report',
        'orphan_proofs',
      ].map((name) => ({
        name,
        roles: ['service_role'],
      })),
    );
  });

  it('makes the driver and tracking links’ token functions security definers with an empty search_path', async () => {
    const functions = await db().admin.query<{ name: string; definer: boolean; config: string[] }>(
      `select p.proname as name, p.prosecdef as definer, p.proconfig as config
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public'
         and (p.proname like 'driver\\_%' or p.proname = 'tracking_stop')
       order by 1`,
    );
    expect(functions).toEqual(
      [
        'driver_proof_begin',
        'driver_proof_done',
        'driver_reorder',
        'driver_report',
        'driver_route',
        'tracking_stop',
      ].map((name) => ({ name, definer: true, config: ['search_path=""'] })),
    );
  });

  it('keeps the updated_at trigger function away from the API roles', async () => {
    const [row] = await db().admin.query<{ anon: boolean; authenticated: boolean }>(
      `select has_function_privilege('anon', 'private.touch_updated_at()', 'execute') as anon,
              has_function_privilege('authenticated', 'private.touch_updated_at()', 'execute') as authenticated`,
    );
    expect(row).toEqual({ anon: false, authenticated: false });
  });

  it('makes get_shared_route a stable security definer with a fixed, empty search_path returning only title, stops and day plan', async () => {
    const [fn] = await db().admin.query<{
      prosecdef: boolean;
      proconfig: string[] | null;
      provolatile: string;
      result: string;
    }>(
      `select prosecdef, proconfig, provolatile, pg_get_function_result(oid) as result
       from pg_proc where oid = 'public.get_shared_route(text)'::regprocedure`,
    );
    expect(fn.prosecdef).toBe(true);
    expect(fn.proconfig).toContain('search_path=""');
    expect(fn.provolatile).toBe('s');
    expect(fn.result).toBe('TABLE(title text, stops jsonb, day_plan jsonb)');
  });

  it('pins search_path on every function in public and private (mutable search_path lint)', async () => {
    const mutable = await db().admin.query<{ signature: string }>(
      `select p.oid::regprocedure::text as signature
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private')
         and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as setting where setting like 'search_path=%')`,
    );
    expect(mutable).toEqual([]);
  });
});
