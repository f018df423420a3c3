-- What every hosted Supabase database already has and the local stand-ins lack, part 1: the
-- API roles, which belong to the whole server (role-grants.sql gives them their schema usage in
-- each database). Applied before the migrations, locally only.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;
