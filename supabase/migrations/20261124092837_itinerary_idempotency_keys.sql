-- Idempotent creation of itineraries (the IETF draft's Idempotency-Key header): a client that
-- sends POST /api/itineraries again after a timeout or a lost answer, with the same key, gets
-- the itinerary its first attempt created instead of a duplicate. Keys are per user and
-- remembered for 24 hours; the same key with another request body is refused.

create table public.itinerary_idempotency_keys (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  idempotency_key uuid not null,
  request_hash text not null check (request_hash ~ '^[0-9a-f]{64}$'),
  itinerary_id uuid references public.itineraries (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (user_id, idempotency_key)
);
comment on table public.itinerary_idempotency_keys is
  'Idempotency-Key of each POST /api/itineraries, per user, for 24 hours: a retry answers the itinerary the first attempt created.';
comment on column public.itinerary_idempotency_keys.request_hash is
  'SHA-256 (hex) of the request''s title and stops: the same key with another body is refused.';
comment on column public.itinerary_idempotency_keys.itinerary_id is
  'The itinerary the key created; null once that itinerary is deleted.';

create index itinerary_idempotency_keys_itinerary_id_idx
  on public.itinerary_idempotency_keys (itinerary_id);

alter table public.itinerary_idempotency_keys enable row level security;

create policy "Owners can read their idempotency keys" on public.itinerary_idempotency_keys
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owners can record idempotency keys" on public.itinerary_idempotency_keys
  for insert to authenticated with check (
    (select auth.uid()) = user_id
    and (
      itinerary_id is null
      or exists (
        select 1 from public.itineraries i
        where i.id = itinerary_id and i.user_id = (select auth.uid())
      )
    )
  );
create policy "Owners can link their idempotency keys" on public.itinerary_idempotency_keys
  for update to authenticated using ((select auth.uid()) = user_id) with check (
    (select auth.uid()) = user_id
    and (
      itinerary_id is null
      or exists (
        select 1 from public.itineraries i
        where i.id = itinerary_id and i.user_id = (select auth.uid())
      )
    )
  );
create policy "Owners can forget their idempotency keys" on public.itinerary_idempotency_keys
  for delete to authenticated using ((select auth.uid()) = user_id);

revoke all on table public.itinerary_idempotency_keys from anon, public;
grant select, insert, delete on table public.itinerary_idempotency_keys to authenticated;
grant update (itinerary_id) on table public.itinerary_idempotency_keys to authenticated;
grant all on table public.itinerary_idempotency_keys to service_role;

-- Creates the caller's itinerary once per key, in one transaction, as the caller (security
-- invoker: row-level security applies). outcome: 'created' (a new itinerary), 'replayed' (the
-- key's itinerary, as it is now), 'mismatch' (the key was used with another body: nothing
-- returned) or 'deleted' (the key's itinerary has been deleted since). A second request with
-- the same key while the first is still running waits for it on the key's primary key, then
-- replays its result.
create or replace function public.create_itinerary_once(
  idempotency_key uuid,
  request_hash text,
  new_title text,
  new_stops jsonb,
  new_total_distance double precision,
  new_total_duration double precision
)
returns table (
  outcome text,
  id uuid,
  title text,
  stops jsonb,
  total_distance double precision,
  total_duration double precision,
  created_at timestamptz,
  updated_at timestamptz
)
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_column
declare
  caller uuid := (select auth.uid());
  claimed public.itinerary_idempotency_keys;
  created public.itineraries;
begin
  if caller is null then
    raise exception 'create_itinerary_once needs a signed-in caller' using errcode = '42501';
  end if;
  -- Stops that arrive as one JSON string (some Data API drivers encode a jsonb argument
  -- twice) are read as the array it contains.
  if jsonb_typeof(new_stops) = 'string' then
    new_stops := (new_stops #>> '{}')::jsonb;
  end if;
  -- Keys are remembered for 24 hours: this caller's older ones are forgotten first.
  delete from public.itinerary_idempotency_keys k
  where k.user_id = caller and k.created_at < now() - interval '24 hours';

  insert into public.itinerary_idempotency_keys (user_id, idempotency_key, request_hash)
  values (caller, create_itinerary_once.idempotency_key, create_itinerary_once.request_hash)
  on conflict on constraint itinerary_idempotency_keys_pkey do nothing;

  if not found then
    select k.* into claimed
    from public.itinerary_idempotency_keys k
    where k.user_id = caller and k.idempotency_key = create_itinerary_once.idempotency_key;
    if claimed.request_hash <> create_itinerary_once.request_hash then
      return query select 'mismatch'::text, null::uuid, null::text, null::jsonb,
        null::double precision, null::double precision, null::timestamptz, null::timestamptz;
      return;
    end if;
    if claimed.itinerary_id is null then
      return query select 'deleted'::text, null::uuid, null::text, null::jsonb,
        null::double precision, null::double precision, null::timestamptz, null::timestamptz;
      return;
    end if;
    return query
      select 'replayed'::text, i.id, i.title, i.stops, i.total_distance, i.total_duration,
        i.created_at, i.updated_at
      from public.itineraries i
      where i.id = claimed.itinerary_id;
    return;
  end if;

  insert into public.itineraries (user_id, title, stops, total_distance, total_duration)
  values (caller, new_title, new_stops, new_total_distance, new_total_duration)
  returning * into created;
  update public.itinerary_idempotency_keys k
  set itinerary_id = created.id
  where k.user_id = caller and k.idempotency_key = create_itinerary_once.idempotency_key;

  return query select 'created'::text, created.id, created.title, created.stops,
    created.total_distance, created.total_duration, created.created_at, created.updated_at;
end;
$$;
comment on function public.create_itinerary_once(uuid, text, text, jsonb, double precision, double precision) is
  'Creates the caller''s itinerary once per Idempotency-Key (24 hours): created, replayed, mismatch (another body) or deleted.';
revoke all on function public.create_itinerary_once(uuid, text, text, jsonb, double precision, double precision)
  from public, anon;
grant execute on function public.create_itinerary_once(uuid, text, text, jsonb, double precision, double precision)
  to authenticated, service_role;
