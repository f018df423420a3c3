-- The day changes: the dispatcher moves a stop still to do from one driver's route to another's,
-- in one transaction that saves both routes or neither (move_stop). A driver's report is never
-- lost to a move: a stop with a report does not move, a report and a move of the same stop are
-- ordered by the route's row lock, and a report that reaches the first route's link after its
-- stop moved away (a phone that was offline) is saved on the route that has the stop now.

-- Where a stop went: read by driver_report, to follow a stop that moved away from a link's route.
create table public.stop_moves (
  id bigint generated always as identity primary key,
  stop_id uuid not null,
  from_itinerary_id uuid not null references public.itineraries (id) on delete cascade,
  to_itinerary_id uuid not null references public.itineraries (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  moved_at timestamptz not null default now(),
  check (from_itinerary_id <> to_itinerary_id)
);
comment on table public.stop_moves is
  'Each move of a stop from one itinerary to another of the same owner (a late report follows its stop).';
comment on column public.stop_moves.user_id is 'Owner of both itineraries (auth.users).';

create index stop_moves_from_stop_idx on public.stop_moves (from_itinerary_id, stop_id, moved_at desc);
create index stop_moves_to_itinerary_id_idx on public.stop_moves (to_itinerary_id);
create index stop_moves_user_id_idx on public.stop_moves (user_id);

alter table public.stop_moves enable row level security;

-- Written only by move_stop (as the owner); a move is a record, never changed.
create policy "Owners can read the moves of their stops" on public.stop_moves
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owners record moves between their itineraries" on public.stop_moves
  for insert to authenticated with check (
    (select auth.uid()) = user_id
    and exists (
      select 1 from public.itineraries i
      where i.id = from_itinerary_id and i.user_id = (select auth.uid()))
    and exists (
      select 1 from public.itineraries i
      where i.id = to_itinerary_id and i.user_id = (select auth.uid()))
  );
create policy "Moves are never changed" on public.stop_moves
  for update to authenticated using (false) with check (false);
create policy "Owners can delete the moves of their stops" on public.stop_moves
  for delete to authenticated using ((select auth.uid()) = user_id);

revoke all on table public.stop_moves from anon, public;
grant select, insert, delete on table public.stop_moves to authenticated;
grant all on table public.stop_moves to service_role;

-- Moves the caller's stop from one of their itineraries to another, saving both in one
-- transaction, each only over the version the caller read. routes: [{id, version, stops,
-- total_distance, total_duration}] with the stop's route first and its new route second, the
-- stops as the caller computed them (the stop gone from the first, in its place in the second).
-- outcome: 'moved' (both saved: the rows as saved), 'changed' (a route is not at that version any
-- more: read them again), 'reported' (the stop has a report: it stays), 'missing' (a route is not
-- the caller's, or the stop not on the first). The stop's active tracking links follow it.
-- Security invoker: row-level security decides.
create function public.move_stop(stop uuid, routes jsonb)
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
  if not (
    from_row.updated_at >= (from_route ->> 'version')::timestamptz
    and from_row.updated_at < (from_route ->> 'version')::timestamptz + interval '1 millisecond'
    and to_row.updated_at >= (to_route ->> 'version')::timestamptz
    and to_row.updated_at < (to_route ->> 'version')::timestamptz + interval '1 millisecond') then
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
comment on function public.move_stop(uuid, jsonb) is
  'Moves the caller''s stop without a report from one itinerary to another, both saved over the versions read, or neither: moved, changed, reported or missing.';
revoke all on function public.move_stop(uuid, jsonb) from public, anon;
grant execute on function public.move_stop(uuid, jsonb) to authenticated, service_role;

-- The answer to a report id already saved: 'replayed' (the first report) when it was sent through
-- this link's route (on it, or on a stop that moved away from it), 'conflict' (nothing about it)
-- otherwise.
create function private.report_again(earlier public.stop_reports, link public.driver_links)
returns table (outcome text, saved jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select
    case when mine then 'replayed' else 'conflict' end,
    case when mine then to_jsonb(earlier) - 'user_id' - 'itinerary_id' end
  from (
    select earlier.itinerary_id = link.itinerary_id
      or (earlier.user_id = link.user_id and exists (
        select 1 from public.stop_moves m
        where m.from_itinerary_id = link.itinerary_id and m.stop_id = earlier.stop_id)) as mine
  ) as answer;
$$;
comment on function private.report_again(public.stop_reports, public.driver_links) is
  'driver_report''s answer to a report id already saved: replayed through this link''s route, conflict otherwise.';
revoke all on function private.report_again(public.stop_reports, public.driver_links) from public;

-- A driver's report through a link, as before (*_driver_links_and_stop_reports.sql), and two
-- more rules. The route's row is share-locked first, so a report and a move of one of its stops
-- happen one after the other. A stop no longer on the link's route that moved away from it (to a
-- route of the same owner, perhaps further since) is reported on the route that has it now: the
-- report of a phone that was offline during the move is kept, and sending it again answers it.
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

  -- The stop on the link's route, else where it moved to (the latest move of each hop).
  route_id := link.itinerary_id;
  loop
    perform 1 from public.itineraries i where i.id = route_id for share;
    select listed.stop into stop
    from public.itineraries i
    cross join lateral jsonb_array_elements(i.stops) as listed (stop)
    where i.id = route_id and listed.stop ->> 'id' = lower(report ->> 'stopId');
    exit when found;
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
comment on function public.driver_report(text, jsonb) is
  'Saves a driver''s report on a stop of the itinerary behind an active driver link (or where that stop moved), once per report id: created, replayed, conflict, no-link or no-stop.';
revoke all on function public.driver_report(text, jsonb) from public, anon, authenticated;
grant execute on function public.driver_report(text, jsonb) to anon, authenticated, service_role;
