-- driver_report share-locked every route it passed while following a stop's moves (the link's
-- route, then the route the stop went to), holding the first while it waited for the second.
-- move_stop locks both routes of a move by id: a report following a stop from A to B and a move
-- between A and B at the same moment could each wait for the other (a deadlock, answered 503).
-- Now only the route that has the stop is locked.

create or replace function public.driver_report(driver_token text, report jsonb)
returns table (outcome text, saved jsonb)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  link public.driver_links;
  report_id uuid;
  stop jsonb;
  route_id uuid;
  hops integer := 0;
  earlier public.stop_reports;
  created public.stop_reports;
  position_lat double precision;
  position_lng double precision;
  away double precision;
begin
  -- A JSON document that arrives as one JSON string (some Data API drivers encode a jsonb
  -- argument twice) is read as the document it contains.
  if jsonb_typeof(report) = 'string' then
    report := (report #>> '{}')::jsonb;
  end if;
  select l.* into link from public.driver_links l
  where l.token = driver_token and l.revoked_at is null;
  if not found then
    return query select 'no-link'::text, null::jsonb;
    return;
  end if;

  report_id := (report ->> 'id')::uuid;
  select r.* into earlier from public.stop_reports r where r.id = report_id;
  if found then
    return query select * from private.report_again(earlier, link);
    return;
  end if;

  -- The stop on the link's route, else where it moved to (the latest move of each hop). Only the
  -- route that has the stop is share-locked, once found, and read again under the lock: a route
  -- passed on the way stays unlocked, so a move between two routes (which locks both) never
  -- waits for this report while it waits for that move.
  route_id := link.itinerary_id;
  loop
    perform 1
    from public.itineraries i
    cross join lateral jsonb_array_elements(i.stops) as listed (stop)
    where i.id = route_id and listed.stop ->> 'id' = lower(report ->> 'stopId');
    if found then
      perform 1 from public.itineraries i where i.id = route_id for share;
      select listed.stop into stop
      from public.itineraries i
      cross join lateral jsonb_array_elements(i.stops) as listed (stop)
      where i.id = route_id and listed.stop ->> 'id' = lower(report ->> 'stopId');
      exit when found;
      -- Moved away in the meantime: followed from here.
    end if;
    select m.to_itinerary_id into route_id
    from public.stop_moves m
    join public.itineraries i on i.id = m.to_itinerary_id and i.user_id = link.user_id
    where m.from_itinerary_id = route_id and m.stop_id::text = lower(report ->> 'stopId')
    order by m.moved_at desc, m.id desc
    limit 1;
    hops := hops + 1;
    if route_id is null or hops > 20 then
      return query select 'no-stop'::text, null::jsonb;
      return;
    end if;
  end loop;

  position_lat := (report -> 'position' ->> 'lat')::double precision;
  position_lng := (report -> 'position' ->> 'lng')::double precision;
  if position_lat is not null and position_lng is not null then
    away := private.great_circle_meters(
      (stop ->> 'lat')::double precision, (stop ->> 'lng')::double precision,
      position_lat, position_lng);
  end if;

  insert into public.stop_reports as r (
    id, itinerary_id, user_id, stop_id, status, reason, note, reported_at,
    latitude, longitude, accuracy, distance, far_from_stop)
  values (
    report_id, route_id, link.user_id, (stop ->> 'id')::uuid,
    report ->> 'status', report ->> 'reason', nullif(btrim(report ->> 'note'), ''),
    (report ->> 'at')::timestamptz,
    position_lat, position_lng, (report -> 'position' ->> 'accuracy')::double precision,
    away, coalesce(away > 200, false))
  on conflict (id) do nothing
  returning r.* into created;

  if not found then
    -- The same id arrived at the same moment in another request, which saved it first.
    select r.* into earlier from public.stop_reports r where r.id = report_id;
    return query select * from private.report_again(earlier, link);
    return;
  end if;
  return query select 'created'::text, to_jsonb(created) - 'user_id' - 'itinerary_id';
end;
$$;
