-- Drivers report back. A driver link lets whoever holds it report on one route's stops (delivered,
-- failed with a reason, or skipped; a note; the device's time and position) without an account,
-- and nothing else. The route's owner reads the reports of their routes; nobody reads another
-- owner's (row-level security). A link reaches the database only through the security-definer
-- functions below, which check the token and write reports for that route's stops only:
-- anon and authenticated have no privilege on the reports table but the owner's select.

-- A driver link: at most one active per route (a new one revokes the old, in one transaction:
-- replace_driver_link). Revoking stops new reports at once; the reports already made stay.
create table public.driver_links (
  token text primary key check (token ~ '^[A-Za-z0-9_-]{22,128}$'),
  itinerary_id uuid not null references public.itineraries (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
comment on table public.driver_links is
  'Capability links that let a driver report on one itinerary''s stops without an account.';
comment on column public.driver_links.token is
  'URL-safe random token (at least 128 bits from a CSPRNG), the secret in the driver link.';
comment on column public.driver_links.user_id is 'Owner of the itinerary (auth.users).';
comment on column public.driver_links.revoked_at is
  'When set, the link takes no more reports and shows nothing.';

create unique index driver_links_one_active_per_itinerary
  on public.driver_links (itinerary_id) where revoked_at is null;
create index driver_links_itinerary_id_idx on public.driver_links (itinerary_id);
create index driver_links_user_id_idx on public.driver_links (user_id);

alter table public.driver_links enable row level security;

create policy "Owners can read their driver links" on public.driver_links
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owners can make driver links for their itineraries" on public.driver_links
  for insert to authenticated with check (
    (select auth.uid()) = user_id
    and exists (
      select 1 from public.itineraries i
      where i.id = itinerary_id and i.user_id = (select auth.uid())
    )
  );
create policy "Owners can revoke their driver links" on public.driver_links
  for update to authenticated using ((select auth.uid()) = user_id) with check (
    (select auth.uid()) = user_id
    and exists (
      select 1 from public.itineraries i
      where i.id = itinerary_id and i.user_id = (select auth.uid())
    )
  );
create policy "Owners can delete their driver links" on public.driver_links
  for delete to authenticated using ((select auth.uid()) = user_id);

revoke all on table public.driver_links from anon, public;
-- A link can only be revoked, never repointed at another itinerary.
grant select, insert, delete on table public.driver_links to authenticated;
grant update (revoked_at) on table public.driver_links to authenticated;
grant all on table public.driver_links to service_role;

-- The straight-line distance in metres between two points (haversine, earth radius 6371 km:
-- the same as greatCircleMeters in supabase/functions/_shared/domain/geo.ts).
create function private.great_circle_meters(
  from_lat double precision, from_lng double precision,
  to_lat double precision, to_lng double precision
)
returns double precision
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 2 * 6371000 * asin(least(1, sqrt(
    sin(radians(to_lat - from_lat) / 2) ^ 2
    + cos(radians(from_lat)) * cos(radians(to_lat)) * sin(radians(to_lng - from_lng) / 2) ^ 2)));
$$;
comment on function private.great_circle_meters(double precision, double precision, double precision, double precision) is
  'Haversine distance in metres between two points (earth radius 6371 km).';
revoke all on function private.great_circle_meters(double precision, double precision, double precision, double precision) from public;

-- A report on one stop. Its id is chosen on the device, so a report sent again (after a lost
-- answer, from the offline queue) is the same report, never a second one. A stop can be reported
-- on again (a correction): the latest wins (by the device's time, then by arrival), the earlier
-- ones stay as its history. Same rules as supabase/functions/_shared/driver-validation.ts.
create table public.stop_reports (
  id uuid primary key,
  itinerary_id uuid not null references public.itineraries (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  stop_id uuid not null,
  status text not null check (status in ('delivered', 'failed', 'skipped')),
  reason text check (
    reason in ('nobody-there', 'refused', 'wrong-address', 'no-access', 'damaged', 'other')),
  note text check (char_length(note) between 1 and 1000),
  reported_at timestamptz not null check (reported_at >= '2000-01-01T00:00:00Z'),
  received_at timestamptz not null default now(),
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  accuracy double precision check (accuracy between 0 and 1000000),
  distance double precision check (distance >= 0),
  far_from_stop boolean not null default false,
  constraint stop_reports_reason_only_when_failed check (reason is null or status = 'failed'),
  constraint stop_reports_not_from_the_future check (reported_at <= received_at + interval '1 day'),
  constraint stop_reports_position_whole check (
    (latitude is null) = (longitude is null) and (latitude is null) = (accuracy is null)
    and (distance is null or latitude is not null))
);
comment on table public.stop_reports is
  'What a driver reported about a stop through a driver link (the latest of a stop wins; the others are its history).';
comment on column public.stop_reports.id is 'Chosen on the device: sending a report again never makes a second one.';
comment on column public.stop_reports.user_id is 'Owner of the itinerary (auth.users), who alone reads its reports.';
comment on column public.stop_reports.stop_id is 'The id of the stop in itineraries.stops.';
comment on column public.stop_reports.reason is 'Why a delivery failed (failed reports only).';
comment on column public.stop_reports.reported_at is 'The device''s time of the report.';
comment on column public.stop_reports.received_at is 'When the report reached the database.';
comment on column public.stop_reports.accuracy is 'Accuracy of the device''s position, metres.';
comment on column public.stop_reports.distance is 'Metres from the stop to the reported position.';
comment on column public.stop_reports.far_from_stop is 'The reported position was more than 200 m from the stop.';

create index stop_reports_itinerary_stop_idx
  on public.stop_reports (itinerary_id, stop_id, reported_at desc, received_at desc);
create index stop_reports_user_id_idx on public.stop_reports (user_id);

alter table public.stop_reports enable row level security;

-- Reports are written only by driver_report below, through a driver link: no signed-in user
-- inserts, changes or deletes one, the owner included (a report says what the driver said).
-- They go with their itinerary (on delete cascade).
create policy "Owners can read the reports of their itineraries" on public.stop_reports
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Reports are made only through a driver link" on public.stop_reports
  for insert to authenticated with check (false);
create policy "Reports are never changed" on public.stop_reports
  for update to authenticated using (false) with check (false);
create policy "Reports go only with their itinerary" on public.stop_reports
  for delete to authenticated using (false);

revoke all on table public.stop_reports from anon, authenticated, public;
grant select on table public.stop_reports to authenticated;
grant all on table public.stop_reports to service_role;

-- Every report with its rank among the reports of its stop: 1 is the latest, which wins. The
-- one place that rule is written (the driver's page, the owner's progress and the counts read it).
-- Security invoker: the caller's row-level security applies.
create view public.stop_reports_ranked with (security_invoker = true) as
  select r.*,
    row_number() over (
      partition by r.itinerary_id, r.stop_id
      order by r.reported_at desc, r.received_at desc, r.id desc
    ) as rank
  from public.stop_reports r;
comment on view public.stop_reports_ranked is
  'Every stop report with its rank among its stop''s reports (1: the latest, which wins).';
revoke all on table public.stop_reports_ranked from anon, public;
grant select on table public.stop_reports_ranked to authenticated, service_role;

-- Per itinerary with reports: how many of its stops are delivered, failed or skipped (by their
-- latest report; reports on stops no longer in the route do not count), and the time of the
-- latest report. For My Routes' progress line; the caller's own itineraries only (RLS).
create view public.itinerary_report_counts with (security_invoker = true) as
  select i.id as itinerary_id,
    i.day_group,
    jsonb_array_length(i.stops) as stops,
    count(*) filter (where r.status = 'delivered') as delivered,
    count(*) filter (where r.status = 'failed') as failed,
    count(*) filter (where r.status = 'skipped') as skipped,
    max(r.received_at) as last_report_at
  from public.itineraries i
  join public.stop_reports_ranked r on r.itinerary_id = i.id and r.rank = 1
  where exists (
    select 1 from jsonb_array_elements(i.stops) as stop where stop ->> 'id' = r.stop_id::text
  )
  group by i.id;
comment on view public.itinerary_report_counts is
  'Per itinerary with reports: its stops, how many are delivered, failed and skipped (latest report of each), and the latest report''s time.';
revoke all on table public.itinerary_report_counts from anon, public;
grant select on table public.itinerary_report_counts to authenticated, service_role;

-- The owner makes a new driver link for their itinerary: the active one is revoked and the new
-- one made in one transaction (the itinerary's row lock orders two at once). False when the
-- itinerary is not the caller's. Security invoker: row-level security decides.
create function public.replace_driver_link(itinerary uuid, new_token text)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  perform 1 from public.itineraries i where i.id = itinerary for update;
  if not found then
    return false;
  end if;
  update public.driver_links l set revoked_at = now()
  where l.itinerary_id = itinerary and l.revoked_at is null;
  insert into public.driver_links (token, itinerary_id, user_id)
  values (new_token, itinerary, (select auth.uid()));
  return true;
end;
$$;
comment on function public.replace_driver_link(uuid, text) is
  'Revokes the itinerary''s active driver link and makes new_token its link; false when the itinerary is not the caller''s.';
revoke all on function public.replace_driver_link(uuid, text) from public, anon;
grant execute on function public.replace_driver_link(uuid, text) to authenticated, service_role;

-- The route behind an active driver link: title, stops (with their notes: a driver link always
-- shows them), the day plan, and the latest report of each stop. Nothing for an unknown or
-- revoked token. Nothing about the owner.
create function public.driver_route(driver_token text)
returns table (title text, stops jsonb, day_plan jsonb, reports jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select i.title, i.stops, i.day_plan,
    coalesce((
      select jsonb_agg(to_jsonb(r) - 'user_id' - 'itinerary_id' - 'rank' order by r.received_at)
      from public.stop_reports_ranked r
      where r.itinerary_id = i.id and r.rank = 1
    ), '[]'::jsonb)
  from public.driver_links l
  join public.itineraries i on i.id = l.itinerary_id
  where l.token = driver_token and l.revoked_at is null;
$$;
comment on function public.driver_route(text) is
  'Title, stops with notes, day plan and the latest report of each stop of the itinerary behind an active driver link; empty otherwise.';
revoke all on function public.driver_route(text) from public, anon, authenticated;
grant execute on function public.driver_route(text) to anon, authenticated, service_role;

-- A driver's report through a link: {id, stopId, status, reason?, note?, at, position?: {lat,
-- lng, accuracy}}. outcome: 'created' (saved: the report), 'replayed' (this id was already
-- reported through this route: the first report, nothing saved), 'conflict' (the id belongs to
-- another route's report: nothing said about it), 'no-link' (unknown or revoked token) or
-- 'no-stop' (not a stop of this route). The distance from the stop is measured here, and a
-- report more than 200 m away is marked far from the stop.
create function public.driver_report(driver_token text, report jsonb)
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
    return query select
      case when earlier.itinerary_id = link.itinerary_id then 'replayed' else 'conflict' end,
      case when earlier.itinerary_id = link.itinerary_id
        then to_jsonb(earlier) - 'user_id' - 'itinerary_id' end;
    return;
  end if;

  select listed.stop into stop
  from public.itineraries i
  cross join lateral jsonb_array_elements(i.stops) as listed (stop)
  where i.id = link.itinerary_id and listed.stop ->> 'id' = lower(report ->> 'stopId');
  if not found then
    return query select 'no-stop'::text, null::jsonb;
    return;
  end if;

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
    report_id, link.itinerary_id, link.user_id, (stop ->> 'id')::uuid,
    report ->> 'status', report ->> 'reason', nullif(btrim(report ->> 'note'), ''),
    (report ->> 'at')::timestamptz,
    position_lat, position_lng, (report -> 'position' ->> 'accuracy')::double precision,
    away, coalesce(away > 200, false))
  on conflict (id) do nothing
  returning r.* into created;

  if not found then
    -- The same id arrived at the same moment in another request, which saved it first.
    select r.* into earlier from public.stop_reports r where r.id = report_id;
    return query select
      case when earlier.itinerary_id = link.itinerary_id then 'replayed' else 'conflict' end,
      case when earlier.itinerary_id = link.itinerary_id
        then to_jsonb(earlier) - 'user_id' - 'itinerary_id' end;
    return;
  end if;
  return query select 'created'::text, to_jsonb(created) - 'user_id' - 'itinerary_id';
end;
$$;
comment on function public.driver_report(text, jsonb) is
  'Saves a driver''s report on a stop of the itinerary behind an active driver link, once per report id: created, replayed, conflict, no-link or no-stop.';
revoke all on function public.driver_report(text, jsonb) from public, anon, authenticated;
grant execute on function public.driver_report(text, jsonb) to anon, authenticated, service_role;

-- Deleting an account takes its driver links and reports too (the foreign keys cascade anyway;
-- said here so the function reads as the list of what goes).
create or replace function public.delete_own_account()
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Only a signed-in user can delete their own account' using errcode = '42501';
  end if;
  delete from public.stop_reports where user_id = caller;
  delete from public.driver_links where user_id = caller;
  delete from public.itinerary_shares where user_id = caller;
  delete from public.itineraries where user_id = caller;
  delete from auth.users where id = caller;
  if not found then
    raise exception 'There is no account to delete' using errcode = 'P0002';
  end if;
end;
$$;
comment on function public.delete_own_account() is
  'Deletes the calling user''s account (auth.users), itineraries, share links, driver links and stop reports at once; signed-in users only, never another account.';
