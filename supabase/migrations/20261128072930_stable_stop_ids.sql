-- Every stop has an id: a UUID that stays with the stop when the route is reordered or edited,
-- so that what is recorded about a stop (a driver's report) refers to the stop itself, not to
-- its position in the list. Clients may send the ids they hold (and keep them); a stop sent
-- without one gets one here, so every stop read back has an id, whoever wrote it (the api, the
-- Data API, an older client that does not know ids).
--
-- A stop sent without an id in an update takes the id of the saved stop with the same name and
-- place that no other stop of the update claims (the k-th such stop of the update the k-th
-- saved one, in order): a client that sends the route as {name, lat, lng} (the /api's plain
-- shape, or an older app) keeps the ids of the stops it did not change. Anything else without a
-- usable id (none, not a UUID, a UUID a stop before it in the list already has) gets a new one.

create or replace function private.assign_stop_ids()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if jsonb_typeof(new.stops) is distinct from 'array' then
    return new; -- the check constraint refuses it
  end if;
  if tg_op = 'UPDATE' and new.stops is not distinct from old.stops then
    return new;
  end if;
  with listed as (
    select stop, position,
      case
        when jsonb_typeof(stop) = 'object' and jsonb_typeof(stop -> 'id') = 'string'
          and lower(stop ->> 'id') ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        then lower(stop ->> 'id')
      end as given
    from jsonb_array_elements(new.stops) with ordinality as listed (stop, position)
  ),
  claimed as (
    -- A given id is kept by the first stop that has it.
    select stop, position,
      case when given is not null
        and row_number() over (partition by given order by position) = 1 then given end as id
    from listed
  ),
  unclaimed as (
    select position,
      jsonb_build_array(stop -> 'name', stop -> 'lat', stop -> 'lng') as place,
      row_number() over (
        partition by jsonb_build_array(stop -> 'name', stop -> 'lat', stop -> 'lng')
        order by position) as nth
    from claimed
    where id is null and jsonb_typeof(stop) = 'object'
  ),
  saved as (
    -- The saved stops whose ids the update does not claim (none on insert).
    select lower(stop ->> 'id') as id,
      jsonb_build_array(stop -> 'name', stop -> 'lat', stop -> 'lng') as place,
      row_number() over (
        partition by jsonb_build_array(stop -> 'name', stop -> 'lat', stop -> 'lng')
        order by position) as nth
    from jsonb_array_elements(case when tg_op = 'UPDATE' then old.stops else '[]'::jsonb end)
      with ordinality as saved (stop, position)
    where jsonb_typeof(stop) = 'object' and jsonb_typeof(stop -> 'id') = 'string'
      and lower(stop ->> 'id') not in (select c.id from claimed c where c.id is not null)
  )
  select coalesce(jsonb_agg(
      case
        when jsonb_typeof(c.stop) <> 'object' then c.stop
        else c.stop || jsonb_build_object('id',
          coalesce(c.id, s.id, gen_random_uuid()::text))
      end
      order by c.position), '[]'::jsonb)
  into new.stops
  from claimed c
  left join unclaimed u on u.position = c.position
  left join saved s on s.place = u.place and s.nth = u.nth;
  return new;
end;
$$;
comment on function private.assign_stop_ids() is
  'Gives every stop of an itinerary an id (a UUID): the one it was sent with, else the id of the saved stop with the same name and place, else a new one.';
revoke all on function private.assign_stop_ids() from public;

create trigger itineraries_assign_stop_ids
  before insert or update of stops on public.itineraries
  for each row execute function private.assign_stop_ids();

-- The stops of every route saved before: ids now, without a new version (their ETag stays, so a
-- device holding it saves as before).
alter table public.itineraries disable trigger itineraries_touch_updated_at;
update public.itineraries set stops = stops;
alter table public.itineraries enable trigger itineraries_touch_updated_at;

-- Every stop has an id (a lowercase UUID), unique within its route.
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
    )
    and (select count(distinct stop ->> 'id') from jsonb_array_elements(stops) as stop)
      = jsonb_array_length(stops)
    and (select count(*) from jsonb_array_elements(stops) as stop where stop ->> 'lock' = 'first') <= 1
    and (select count(*) from jsonb_array_elements(stops) as stop where stop ->> 'lock' = 'last') <= 1
  end;
$$;
comment on function private.stops_are_valid(jsonb) is
  'True when stops is an array of {id: a lowercase UUID unique in the route, name: 1..500 chars, lat: -90..90, lng: -180..180, note?: text up to 1000 chars, status?: done|skipped, serviceMinutes?: 0..240, window?: {start, end: HH:MM, end not before start}, lock?: first|last}, with at most one stop locked first and one last.';
comment on column public.itineraries.stops is
  'Ordered stops: JSON array of {id, name, lat, lng, note?, status?, serviceMinutes?, window?, lock?}; id is a UUID that stays with the stop.';
