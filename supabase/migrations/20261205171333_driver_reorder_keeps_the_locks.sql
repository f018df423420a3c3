-- A driver's new order keeps the route's locks, and a route's planned times are saved only while
-- it has tracking links.
--
-- driver_reorder again, with two changes. A stop still to do that is locked first (right after the
-- start, as the optimisers keep it) must be the first of the list, and one locked last the last of
-- it: the planner's and the optimisers' rule, so an order sent by hand cannot move a locked stop
-- ('locked', nothing saved). In a route that keeps its locks, such a stop keeps its place; in one
-- whose owner moved it by hand, the re-order puts it back where its lock says. And the planned
-- times, which only tracking_stop reads, are saved only when the route has an active tracking
-- link (links made later save the times of the route's version then).

create or replace function public.driver_reorder(
  driver_token text,
  for_version timestamptz,
  stop_ids jsonb,
  totals jsonb,
  times jsonb
)
returns table (outcome text, saved_version timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  link public.driver_links;
  route public.itineraries;
  listed text[];
  done text[];
  to_do text[];
  reordered jsonb;
begin
  -- A JSON document that arrives as one JSON string (some Data API drivers encode a jsonb
  -- argument twice) is read as the document it contains.
  if jsonb_typeof(stop_ids) = 'string' then
    stop_ids := (stop_ids #>> '{}')::jsonb;
  end if;
  if jsonb_typeof(totals) = 'string' then
    totals := (totals #>> '{}')::jsonb;
  end if;
  if jsonb_typeof(times) = 'string' then
    times := (times #>> '{}')::jsonb;
  end if;
  select l.* into link from public.driver_links l
  where l.token = driver_token and l.revoked_at is null;
  if not found then
    return query select 'no-link'::text, null::timestamptz;
    return;
  end if;
  select i.* into route from public.itineraries i where i.id = link.itinerary_id for update;
  -- Only over the version read (to the millisecond the API names versions by); none: no match.
  if (
    route.updated_at >= for_version
    and route.updated_at < for_version + interval '1 millisecond'
  ) is not true then
    return query select 'changed'::text, null::timestamptz;
    return;
  end if;

  if jsonb_typeof(stop_ids) is distinct from 'array' then
    return query select 'invalid'::text, null::timestamptz;
    return;
  end if;
  select coalesce(array_agg(lower(item #>> '{}') order by n), '{}') into listed
  from jsonb_array_elements(stop_ids) with ordinality as given (item, n);
  if exists (
    select 1 from unnest(listed) as id
    where not exists (
      select 1 from jsonb_array_elements(route.stops) as stop (item)
      where stop.item ->> 'id' = id)) then
    return query select 'no-stop'::text, null::timestamptz;
    return;
  end if;

  select coalesce(array_agg(r.stop_id::text), '{}') into done
  from public.stop_reports_ranked r
  where r.itinerary_id = route.id and r.rank = 1 and r.status in ('delivered', 'failed');
  select coalesce(array_agg(stop.item ->> 'id' order by stop.n), '{}') into to_do
  from jsonb_array_elements(route.stops) with ordinality as stop (item, n)
  where stop.n > 1 and not (stop.item ->> 'id' = any(done));
  if listed && done then
    return query select 'reported'::text, null::timestamptz;
    return;
  end if;
  if (select count(distinct id) from unnest(listed) as id) <> cardinality(listed)
    or cardinality(listed) <> cardinality(to_do)
    or not (listed <@ to_do) then
    return query select 'invalid'::text, null::timestamptz;
    return;
  end if;
  -- A stop still to do locked first is the first of the list, one locked last the last.
  if exists (
    select 1 from jsonb_array_elements(route.stops) as stop (item)
    where stop.item ->> 'id' = any(to_do)
      and (
        (stop.item ->> 'lock' = 'first' and stop.item ->> 'id' <> listed[1])
        or (stop.item ->> 'lock' = 'last' and stop.item ->> 'id' <> listed[cardinality(listed)])
      )) then
    return query select 'locked'::text, null::timestamptz;
    return;
  end if;

  -- The k-th place of a stop still to do takes the k-th stop listed; the others stay.
  select jsonb_agg(
      case when slot.k is null then stop.item
      else (select other.item from jsonb_array_elements(route.stops) as other (item)
            where other.item ->> 'id' = listed[slot.k])
      end
      order by stop.n)
    into reordered
  from jsonb_array_elements(route.stops) with ordinality as stop (item, n)
  left join lateral (
    select array_position(to_do, stop.item ->> 'id') as k
  ) as slot on true;

  update public.itineraries i
  set stops = reordered,
      total_distance = coalesce((totals ->> 'total_distance')::double precision, i.total_distance),
      total_duration = coalesce((totals ->> 'total_duration')::double precision, i.total_duration)
  where i.id = route.id
  returning i.* into route;

  if jsonb_typeof(times) = 'object' and exists (
    select 1 from public.stop_tracking_links l
    where l.itinerary_id = route.id and l.revoked_at is null
  ) then
    insert into public.itinerary_schedules as s (itinerary_id, user_id, version, arrivals)
    values (route.id, route.user_id, route.updated_at, times)
    on conflict (itinerary_id) do update
      set version = excluded.version, arrivals = excluded.arrivals
      where s.version <= excluded.version;
  end if;
  return query select 'reordered'::text, route.updated_at;
end;
$$;
comment on function public.driver_reorder(text, timestamptz, jsonb, jsonb, jsonb) is
  'Puts the stops still to do of the itinerary behind an active driver link in the given order (a stop locked first or last still first or last), over the version read: reordered, changed, no-link, no-stop, reported, invalid or locked. service_role only: the api function, after its own checks.';
revoke all on function public.driver_reorder(text, timestamptz, jsonb, jsonb, jsonb)
  from public, anon, authenticated;
grant execute on function public.driver_reorder(text, timestamptz, jsonb, jsonb, jsonb)
  to service_role;
