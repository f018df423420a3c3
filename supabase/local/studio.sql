-- Local only, while `npm run studio` runs (supabase/local/studio.mjs applies this at start and
-- studio-end.sql when it stops): the Studio's admin role, service_role, may read and delete
-- Auth users, as the hosted dashboard's own role does (Authentication > Users). Deleting a
-- user there cascades to their itineraries and share links, like "Delete my account".
-- Never part of the migrations, never applied to a hosted project.
grant usage on schema auth to service_role;
grant select, delete on table auth.users to service_role;
grant select on table auth.identities, auth.sessions to service_role;
-- The proxies' shared state (cache, rate-limit buckets, upstream slots): readable, and
-- deletable to clear a client's bucket. The api function still reaches them only through
-- its service_role-only functions.
grant select, delete on table private.upstream_cache, private.rate_limit_buckets,
  private.upstream_slots to service_role;
