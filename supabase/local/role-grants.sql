-- What every hosted Supabase database already has and the local stand-ins lack, part 2: the API
-- roles' (roles.sql) schema usage and the auth helpers, in this database. Applied before the
-- migrations, locally only.
grant usage on schema public to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant execute on all functions in schema auth to anon, authenticated, service_role;

-- Hosted Supabase reads the caller from request.jwt.claims as well as from the older
-- per-claim settings; the local auth helpers read only the latter. Same behaviour here.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
