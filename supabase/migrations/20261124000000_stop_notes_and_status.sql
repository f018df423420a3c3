-- Stops may carry an optional note for the driver (a door code, a phone number; up to
-- 1000 characters) and a status set on the road ('done' or 'skipped'; absent = to do).
-- Same rule as supabase/functions/_shared/validation.ts and domain/limits.ts
-- (STOP_NOTE_MAX_CHARS); the check on public.itineraries.stops picks the new
-- definition up because it calls this function.
create or replace function private.stops_are_valid(stops jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(stops) = 'array'
    and not exists (
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
    );
$$;
comment on function private.stops_are_valid(jsonb) is
  'True when stops is an array of {name: 1..500 chars, lat: -90..90, lng: -180..180, note?: text up to 1000 chars, status?: done|skipped}.';
comment on column public.itineraries.stops is
  'Ordered stops: JSON array of {name, lat, lng, note?, status?}.';
