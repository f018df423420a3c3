-- A route's working day: when it leaves, the default time at each stop and where the
-- day ends (one JSON value per itinerary, `day_plan`), each stop's own time at the stop, time
-- window and lock (fields of the stops' JSON), and `day_group`, which ties together the
-- itineraries of one day split among several drivers.
--
-- Why a JSON column rather than one column per field: the plan is optional as a whole and read
-- and written as a whole (the API's `day_plan`), its end address is itself a small record
-- {name, lat, lng}, and the departure must keep the UTC offset it was written with, which a
-- timestamptz would normalise away ("2026-03-02T08:00+01:00" is kept as written). Its rules
-- are checked here, as the stops' are, so the table stays honest whoever writes to it. The
-- group is a plain uuid column: an identity the dashboard groups by, not part of the plan.
-- Rows without any of it (every route saved before) read exactly as before: null plan, null
-- group, stops without the new fields.
--
-- Same rules as supabase/functions/_shared/domain/day-plan/day-plan.ts and validation.ts.

-- "HH:MM" from 00:00 to 23:59.
create or replace function private.is_clock_time(value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  -- coalesce: a missing value (SQL null) is not a time, never "unknown".
  select coalesce(jsonb_typeof(value) = 'string'
    and (value #>> '{}') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$', false);
$$;
comment on function private.is_clock_time(jsonb) is
  'True when value is a JSON string "HH:MM" from 00:00 to 23:59.';

-- A whole number of minutes from 0 to 240.
create or replace function private.is_service_minutes(value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(value) is distinct from 'number' then false else
    (value #>> '{}')::numeric between 0 and 240
    and (value #>> '{}')::numeric = trunc((value #>> '{}')::numeric)
  end;
$$;
comment on function private.is_service_minutes(jsonb) is
  'True when value is a JSON whole number from 0 to 240 (minutes at a stop).';

create or replace function private.stops_are_valid(stops jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  -- case, not and: the elements are read only once stops is known to be an array.
  select case when jsonb_typeof(stops) is distinct from 'array' then false else
    not exists (
      select 1
      from jsonb_array_elements(stops) as stop
      where jsonb_typeof(stop) <> 'object'
        or jsonb_typeof(stop -> 'name') is distinct from 'string'
        or char_length(stop ->> 'name') not between 1 and 500
        or jsonb_typeof(stop -> 'lat') is distinct from 'number'
        or jsonb_typeof(stop -> 'lng') is distinct from 'number'
        or (stop ->> 'lat')::double precision not between -90 and 90
        or (stop ->> 'lng')::double precision not between -180 and 180
        or (stop ? 'note' and (jsonb_typeof(stop -> 'note') <> 'string'
                               or char_length(stop ->> 'note') > 1000))
        or (stop ? 'status' and (jsonb_typeof(stop -> 'status') <> 'string'
                                 or stop ->> 'status' not in ('done', 'skipped')))
        or (stop ? 'serviceMinutes' and not private.is_service_minutes(stop -> 'serviceMinutes'))
        or (stop ? 'window' and (jsonb_typeof(stop -> 'window') <> 'object'
                                 or not private.is_clock_time(stop -> 'window' -> 'start')
                                 or not private.is_clock_time(stop -> 'window' -> 'end')
                                 or (stop -> 'window' ->> 'end') < (stop -> 'window' ->> 'start')))
        or (stop ? 'lock' and (jsonb_typeof(stop -> 'lock') <> 'string'
                               or stop ->> 'lock' not in ('first', 'last')))
    )
    and (select count(*) from jsonb_array_elements(stops) as stop where stop ->> 'lock' = 'first') <= 1
    and (select count(*) from jsonb_array_elements(stops) as stop where stop ->> 'lock' = 'last') <= 1
  end;
$$;
comment on function private.stops_are_valid(jsonb) is
  'True when stops is an array of {name: 1..500 chars, lat: -90..90, lng: -180..180, note?: text up to 1000 chars, status?: done|skipped, serviceMinutes?: 0..240, window?: {start, end: HH:MM, end not before start}, lock?: first|last}, with at most one stop locked first and one last.';

-- The plan: {departure?: "YYYY-MM-DDTHH:MM[:SS](Z|+HH:MM)", timeZone?: IANA name,
-- defaultServiceMinutes?: 0..240, end?: "last-stop" | "start" | {name, lat, lng}}.
-- The time zone is checked against pg_timezone_names only for its shape: Postgres and the
-- runtime may not share the same tz database version, and the API checks the name itself.
create or replace function private.day_plan_is_valid(plan jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  -- coalesce: a check constraint lets "unknown" through, so a missing part must read as false.
  select coalesce(jsonb_typeof(plan) = 'object'
    and (not plan ? 'departure' or (
      jsonb_typeof(plan -> 'departure') = 'string'
      and (plan ->> 'departure') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?(Z|[+-][01][0-9]:[0-5][0-9])$'))
    and (not plan ? 'timeZone' or (
      jsonb_typeof(plan -> 'timeZone') = 'string'
      and (plan ->> 'timeZone') ~ '^[A-Za-z0-9_+/-]{1,64}$'))
    and (not plan ? 'defaultServiceMinutes' or private.is_service_minutes(plan -> 'defaultServiceMinutes'))
    and (not plan ? 'end' or (plan -> 'end') in ('"last-stop"'::jsonb, '"start"'::jsonb) or (
      jsonb_typeof(plan -> 'end') = 'object'
      and jsonb_typeof(plan -> 'end' -> 'name') = 'string'
      and char_length(plan -> 'end' ->> 'name') between 1 and 500
      and jsonb_typeof(plan -> 'end' -> 'lat') = 'number'
      and jsonb_typeof(plan -> 'end' -> 'lng') = 'number'
      and (plan -> 'end' ->> 'lat')::double precision between -90 and 90
      and (plan -> 'end' ->> 'lng')::double precision between -180 and 180)), false);
$$;
comment on function private.day_plan_is_valid(jsonb) is
  'True when plan is {departure?: date-time with its UTC offset, timeZone?: IANA name, defaultServiceMinutes?: 0..240, end?: last-stop | start | {name, lat, lng}}.';

revoke all on function private.is_clock_time(jsonb) from public;
revoke all on function private.is_service_minutes(jsonb) from public;
revoke all on function private.day_plan_is_valid(jsonb) from public;
grant execute on function private.is_clock_time(jsonb) to anon, authenticated, service_role;
grant execute on function private.is_service_minutes(jsonb) to anon, authenticated, service_role;
grant execute on function private.day_plan_is_valid(jsonb) to anon, authenticated, service_role;

alter table public.itineraries
  add column day_plan jsonb check (day_plan is null or private.day_plan_is_valid(day_plan)),
  add column day_group uuid;
comment on column public.itineraries.day_plan is
  'The working day: {departure (with its UTC offset), timeZone, defaultServiceMinutes, end}; null: no times (as before).';
comment on column public.itineraries.day_group is
  'Itineraries of one day split among drivers share this id (the dashboard shows them together); null: a route on its own.';
comment on column public.itineraries.stops is
  'Ordered stops: JSON array of {name, lat, lng, note?, status?, serviceMinutes?, window?, lock?}.';

-- The public shared view also shows the day's times (the plan); notes still only by choice.
drop function public.get_shared_route(text);
create function public.get_shared_route(share_token text)
returns table (title text, stops jsonb, day_plan jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select
    i.title,
    case
      when s.include_notes then i.stops
      else (
        select coalesce(jsonb_agg(stop - 'note' order by position), '[]'::jsonb)
        from jsonb_array_elements(i.stops) with ordinality as listed (stop, position)
      )
    end,
    i.day_plan
  from public.itinerary_shares s
  join public.itineraries i on i.id = s.itinerary_id
  where s.token = share_token
    and s.revoked_at is null;
$$;
comment on function public.get_shared_route(text) is
  'Title, stops and day plan of the itinerary behind a valid, unrevoked share token (stop notes only when the link includes them); empty otherwise.';
revoke all on function public.get_shared_route(text) from public, anon, authenticated;
grant execute on function public.get_shared_route(text) to anon, authenticated, service_role;

-- Idempotent creation carries the plan and the group too (both optional: a caller of the
-- previous six arguments creates exactly as before).
drop function public.create_itinerary_once(uuid, text, text, jsonb, double precision, double precision);
create function public.create_itinerary_once(
  idempotency_key uuid,
  request_hash text,
  new_title text,
  new_stops jsonb,
  new_total_distance double precision,
  new_total_duration double precision,
  new_day_plan jsonb default null,
  new_day_group uuid default null
)
returns table (
  outcome text,
  id uuid,
  title text,
  stops jsonb,
  total_distance double precision,
  total_duration double precision,
  created_at timestamptz,
  updated_at timestamptz,
  day_plan jsonb,
  day_group uuid
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
  -- JSON that arrives as one JSON string (some Data API drivers encode a jsonb argument
  -- twice) is read as the value it contains.
  if jsonb_typeof(new_stops) = 'string' then
    new_stops := (new_stops #>> '{}')::jsonb;
  end if;
  if jsonb_typeof(new_day_plan) = 'string' then
    new_day_plan := (new_day_plan #>> '{}')::jsonb;
  end if;
  if jsonb_typeof(new_day_plan) = 'null' then
    new_day_plan := null;
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
        null::double precision, null::double precision, null::timestamptz, null::timestamptz,
        null::jsonb, null::uuid;
      return;
    end if;
    if claimed.itinerary_id is null then
      return query select 'deleted'::text, null::uuid, null::text, null::jsonb,
        null::double precision, null::double precision, null::timestamptz, null::timestamptz,
        null::jsonb, null::uuid;
      return;
    end if;
    return query
      select 'replayed'::text, i.id, i.title, i.stops, i.total_distance, i.total_duration,
        i.created_at, i.updated_at, i.day_plan, i.day_group
      from public.itineraries i
      where i.id = claimed.itinerary_id;
    return;
  end if;

  insert into public.itineraries (user_id, title, stops, total_distance, total_duration, day_plan, day_group)
  values (caller, new_title, new_stops, new_total_distance, new_total_duration, new_day_plan, new_day_group)
  returning * into created;
  update public.itinerary_idempotency_keys k
  set itinerary_id = created.id
  where k.user_id = caller and k.idempotency_key = create_itinerary_once.idempotency_key;

  return query select 'created'::text, created.id, created.title, created.stops,
    created.total_distance, created.total_duration, created.created_at, created.updated_at,
    created.day_plan, created.day_group;
end;
$$;
comment on function public.create_itinerary_once(uuid, text, text, jsonb, double precision, double precision, jsonb, uuid) is
  'Creates the caller''s itinerary (with its day plan and day group) once per Idempotency-Key (24 hours): created, replayed, mismatch (another body) or deleted.';
revoke all on function public.create_itinerary_once(uuid, text, text, jsonb, double precision, double precision, jsonb, uuid)
  from public, anon;
grant execute on function public.create_itinerary_once(uuid, text, text, jsonb, double precision, double precision, jsonb, uuid)
  to authenticated, service_role;
