-- Every stop of a route saved before stops had ids gets one. The trigger that gives ids leaves
-- an update alone when it does not change the stops, so rewriting them as they are gives none:
-- here each stop without a usable id (a UUID, as private.stops_are_valid asks) is written with
-- a new one, and the trigger keeps it. Without an id such a route could not be changed at all:
-- every update of it, a rename included, fails the stops check. Its version stays (its ETag
-- too), so a device holding it saves as before.

alter table public.itineraries disable trigger itineraries_touch_updated_at;

update public.itineraries i
set stops = (
  select jsonb_agg(
    case
      when jsonb_typeof(stop) = 'object' and not coalesce(
        jsonb_typeof(stop -> 'id') = 'string'
          and lower(stop ->> 'id') ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
        false)
        then stop || jsonb_build_object('id', gen_random_uuid()::text)
      else stop
    end
    order by position)
  from jsonb_array_elements(i.stops) with ordinality as listed (stop, position)
)
where jsonb_typeof(i.stops) = 'array'
  and exists (
    select 1
    from jsonb_array_elements(i.stops) as stop
    where jsonb_typeof(stop) = 'object' and not coalesce(
      jsonb_typeof(stop -> 'id') = 'string'
        and lower(stop ->> 'id') ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
      false)
  );

alter table public.itineraries enable trigger itineraries_touch_updated_at;
