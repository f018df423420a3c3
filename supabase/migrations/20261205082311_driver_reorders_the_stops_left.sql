-- A driver re-orders the stops still to do of their route through the driver link.
--
-- driver_route also answers the route's version (updated_at), which the driver sends back with
-- the new order: a route the dispatcher changed since is not re-ordered over. Its columns change,
-- so it is made again (same grants: anon reads a route through its token).
--
-- driver_reorder(token, version, stop_ids, totals, times) is the function's only (service_role,
-- after its checks and the link's rate limit). Under the route's row lock (a driver's report
-- share-locks it, so a report and a re-order happen one after the other) it takes the stops
-- still to do (after the start, without a latest report delivered or failed; a skipped stop is
-- still to do) and puts them in the order given, each in one of the places the stops still to
-- do had: the start and the stops done keep their places. `stop_ids` must be exactly those stops:
-- one that is not on the route is 'no-stop', one done (reported meanwhile) is 'reported', the
-- start, a stop twice or one missing is 'invalid'. The route's totals and its planned times
-- (for the tracking links, computed by the function for this same order) are saved with it.

drop function public.driver_route(text);
create function public.driver_route(driver_token text)
returns table (title text, stops jsonb, day_plan jsonb, reports jsonb, version timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select i.title, i.stops, i.day_plan,
    coalesce((
      select jsonb_agg(
        (to_jsonb(r) - 'user_id' - 'itinerary_id' - 'rank' - 'photo_path' - 'signature_path')
          || jsonb_build_object(
            'has_photo', r.photo_path is not null,
            'has_signature', r.signature_path is not null)
        order by r.received_at)
      from public.stop_reports_ranked r
      where r.itinerary_id = i.id and r.rank = 1
    ), '[]'::jsonb),
    i.updated_at
  from public.driver_links l
  join public.itineraries i on i.id = l.itinerary_id
  where l.token = driver_token and l.revoked_at is null;
$$;
comment on function public.driver_route(text) is
  'Title, stops with notes, day plan, the latest report of each stop (whether it has a photo and a signature) and the version of the itinerary behind an active driver link; empty otherwise.';
revoke all on function public.driver_route(text) from public, anon, authenticated;
grant execute on function public.driver_route(text) to anon, authenticated, service_role;

create function public.driver_reorder(
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

  if jsonb_typeof(times) = 'object' then
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
  'Puts the stops still to do of the itinerary behind an active driver link in the given order, over the version read: reordered, changed, no-link, no-stop, reported or invalid. service_role only: the api function, after its own checks.';
revoke all on function public.driver_reorder(text, timestamptz, jsonb, jsonb, jsonb)
  from public, anon, authenticated;
grant execute on function public.driver_reorder(text, timestamptz, jsonb, jsonb, jsonb)
  to service_role;
