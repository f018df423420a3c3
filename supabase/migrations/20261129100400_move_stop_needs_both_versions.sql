-- move_stop saves the two routes only over the versions the caller read; a route sent without
-- a version (null, or no "version" at all) made the comparison null, which `if not` let through:
-- both routes were saved over whatever they had become. A missing version is now 'changed'.
create or replace function public.move_stop(stop uuid, routes jsonb)
returns table (outcome text, itineraries jsonb)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  from_route jsonb;
  to_route jsonb;
  from_row public.itineraries;
  to_row public.itineraries;
begin
  if jsonb_typeof(routes) = 'string' then
    routes := (routes #>> '{}')::jsonb;
  end if;
  from_route := routes -> 0;
  to_route := routes -> 1;
  -- Both rows locked in one order (by id), so two moves between the same routes never deadlock;
  -- a driver's report on either waits (driver_report takes the row's share lock).
  perform 1 from public.itineraries i
  where i.id in ((from_route ->> 'id')::uuid, (to_route ->> 'id')::uuid)
  order by i.id
  for update;
  select i.* into from_row from public.itineraries i where i.id = (from_route ->> 'id')::uuid;
  select i.* into to_row from public.itineraries i where i.id = (to_route ->> 'id')::uuid;
  if from_row.id is null or to_row.id is null or from_row.id = to_row.id
    or not exists (
      select 1 from jsonb_array_elements(from_row.stops) as listed (item)
      where listed.item ->> 'id' = stop::text) then
    return query select 'missing'::text, null::jsonb;
    return;
  end if;
  -- Saved only over the versions read: a version missing (null) is not a match.
  if (
    from_row.updated_at >= (from_route ->> 'version')::timestamptz
    and from_row.updated_at < (from_route ->> 'version')::timestamptz + interval '1 millisecond'
    and to_row.updated_at >= (to_route ->> 'version')::timestamptz
    and to_row.updated_at < (to_route ->> 'version')::timestamptz + interval '1 millisecond'
  ) is not true then
    return query select 'changed'::text, null::jsonb;
    return;
  end if;
  if exists (
    select 1 from public.stop_reports r
    where r.itinerary_id = from_row.id and r.stop_id = stop) then
    return query select 'reported'::text, null::jsonb;
    return;
  end if;

  update public.itineraries i
  set stops = from_route -> 'stops',
      total_distance = (from_route ->> 'total_distance')::double precision,
      total_duration = (from_route ->> 'total_duration')::double precision
  where i.id = from_row.id
  returning i.* into from_row;
  update public.itineraries i
  set stops = to_route -> 'stops',
      total_distance = (to_route ->> 'total_distance')::double precision,
      total_duration = (to_route ->> 'total_duration')::double precision
  where i.id = to_row.id
  returning i.* into to_row;
  -- The caller's stops must say what the move is: the stop once, on the second route only.
  if exists (
      select 1 from jsonb_array_elements(from_row.stops) as listed (item)
      where listed.item ->> 'id' = stop::text)
    or (select count(*) from jsonb_array_elements(to_row.stops) as listed (item)
        where listed.item ->> 'id' = stop::text) <> 1 then
    raise exception 'move_stop: the stops do not move stop %', stop using errcode = '22023';
  end if;

  update public.stop_tracking_links l
  set itinerary_id = to_row.id
  where l.itinerary_id = from_row.id and l.stop_id = stop and l.revoked_at is null;
  insert into public.stop_moves (stop_id, from_itinerary_id, to_itinerary_id, user_id)
  values (stop, from_row.id, to_row.id, (select auth.uid()));

  return query select 'moved'::text,
    jsonb_build_array(to_jsonb(from_row) - 'user_id', to_jsonb(to_row) - 'user_id');
end;
$$;
