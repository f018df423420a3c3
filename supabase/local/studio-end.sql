-- Undoes studio.sql when `npm run studio` stops: the database is again as on a hosted project.
revoke select, delete on table auth.users from service_role;
revoke select on table auth.identities, auth.sessions from service_role;
revoke select, delete on table private.upstream_cache, private.rate_limit_buckets,
  private.upstream_slots from service_role;
