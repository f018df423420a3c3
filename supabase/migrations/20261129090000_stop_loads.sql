-- Each stop may carry a load: what it takes from a driver's capacity when a day is split among
-- drivers (parcels, crates: the unit is the team's), a whole number from 0 to 9999. A stop
-- without one counts 1. Same rule as STOP_LOAD_MAX and isStopLoad in
-- supabase/functions/_shared/domain/day-plan/day-plan.ts, and validation.ts.

create or replace function private.is_stop_load(value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(value) is distinct from 'number' then false else
    (value #>> '{}')::numeric between 0 and 9999
    and (value #>> '{}')::numeric = trunc((value #>> '{}')::numeric)
  end;
$$;
comment on function private.is_stop_load(jsonb) is
  'True when value is a JSON whole number from 0 to 9999 (the load of a stop).';
revoke all on function private.is_stop_load(jsonb) from public;
grant execute on function private.is_stop_load(jsonb) to anon, authenticated, service_role;

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
        or jsonb_typeof(stop -> 'id') is distinct from 'string'
        or (stop ->> 'id') !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
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
        or (stop ? 'load' and not private.is_stop_load(stop -> 'load'))
    )
    and (select count(distinct stop ->> 'id') from jsonb_array_elements(stops) as stop)
      = jsonb_array_length(stops)
    and (select count(*) from jsonb_array_elements(stops) as stop where stop ->> 'lock' = 'first') <= 1
    and (select count(*) from jsonb_array_elements(stops) as stop where stop ->> 'lock' = 'last') <= 1
  end;
$$;
comment on function private.stops_are_valid(jsonb) is
  'True when stops is an array of {id: a lowercase UUID unique in the route, name: 1..500 chars, lat: -90..90, lng: -180..180, note?: text up to 1000 chars, status?: done|skipped, serviceMinutes?: 0..240, window?: {start, end: HH:MM, end not before start}, lock?: first|last, load?: 0..9999}, with at most one stop locked first and one last.';
comment on column public.itineraries.stops is
  'Ordered stops: JSON array of {id, name, lat, lng, note?, status?, serviceMinutes?, window?, lock?, load?}; id is a UUID that stays with the stop.';
