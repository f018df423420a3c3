-- updated_at is an itinerary's version: the API's ETag names it to the millisecond, and
-- PUT with If-Match saves only over the version the client read. now() is the time the
-- transaction started, so two saves racing for one row could write the same version (or
-- an older one than the save before). Every write now takes the time it happens, and at
-- least one millisecond after the version it replaces: each save makes a new version.
create or replace function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := greatest(clock_timestamp(), old.updated_at + interval '1 millisecond');
  return new;
end;
$$;
comment on function private.touch_updated_at() is
  'Sets updated_at (the itinerary''s version) on every update: the write''s time, at least 1 ms after the previous version.';
