-- Customers follow their delivery. A tracking link shows whoever holds it one stop of a route:
-- its name, whether it is planned, on the way (with how many stops still come before it and
-- the facts the arrival window is computed from), delivered or failed (with the reason, and the
-- owner's contact line when they gave one). Nothing else: no other stop, no driver, no note, no
-- position. The link reaches the database only through tracking_stop below (security definer,
-- the token checked there); anon has no privilege on the tables.

-- A tracking link: at most one active per stop of a route. It follows its stop when the stop
-- moves to another route of the same owner (itinerary_id changes with it), and stops working
-- when revoked or when its stop leaves the owner's routes.
create table public.stop_tracking_links (
  token text primary key check (token ~ '^[A-Za-z0-9_-]{22,128}$'),
  itinerary_id uuid not null references public.itineraries (id) on delete cascade,
  stop_id uuid not null,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  show_photo boolean not null default false,
  contact text check (char_length(contact) between 1 and 200),
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
comment on table public.stop_tracking_links is
  'Capability links that show a customer one stop''s state and arrival window, without an account.';
comment on column public.stop_tracking_links.token is
  'URL-safe random token (at least 128 bits from a CSPRNG), the secret in the tracking link.';
comment on column public.stop_tracking_links.stop_id is 'The id of the stop in itineraries.stops.';
comment on column public.stop_tracking_links.user_id is 'Owner of the itinerary (auth.users).';
comment on column public.stop_tracking_links.show_photo is
  'The owner shows the customer the proof photo of a delivered stop.';
comment on column public.stop_tracking_links.contact is
  'The owner''s contact line, shown to the customer when the delivery failed.';
comment on column public.stop_tracking_links.revoked_at is
  'When set, the link shows nothing.';

create unique index stop_tracking_links_one_active_per_stop
  on public.stop_tracking_links (itinerary_id, stop_id) where revoked_at is null;
create index stop_tracking_links_itinerary_id_idx on public.stop_tracking_links (itinerary_id);
create index stop_tracking_links_user_id_idx on public.stop_tracking_links (user_id);

alter table public.stop_tracking_links enable row level security;

create policy "Owners can read their tracking links" on public.stop_tracking_links
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owners can make tracking links for their itineraries" on public.stop_tracking_links
  for insert to authenticated with check (
    (select auth.uid()) = user_id
    and exists (
      select 1 from public.itineraries i
      where i.id = itinerary_id and i.user_id = (select auth.uid())
    )
  );
create policy "Owners can change and revoke their tracking links" on public.stop_tracking_links
  for update to authenticated using ((select auth.uid()) = user_id) with check (
    (select auth.uid()) = user_id
    and exists (
      select 1 from public.itineraries i
      where i.id = itinerary_id and i.user_id = (select auth.uid())
    )
  );
create policy "Owners can delete their tracking links" on public.stop_tracking_links
  for delete to authenticated using ((select auth.uid()) = user_id);

revoke all on table public.stop_tracking_links from anon, public;
-- What a link shows can change and it can be revoked; it is moved with its stop only by
-- move_stop (below), as the owner.
grant select, insert, delete on table public.stop_tracking_links to authenticated;
grant update (revoked_at, show_photo, contact, itinerary_id) on table public.stop_tracking_links
  to authenticated;
grant all on table public.stop_tracking_links to service_role;

-- The planned times of a route, computed by the api function from the route's day plan and its
-- legs on the road (the database knows no roads), each time the route's stops or plan are saved
-- through it. `version` is the itinerary's updated_at they were computed for, to the millisecond
-- the API names versions by: times of another version are never used.
create table public.itinerary_schedules (
  itinerary_id uuid primary key references public.itineraries (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  version timestamptz not null,
  arrivals jsonb not null check (jsonb_typeof(arrivals) = 'object')
);
comment on table public.itinerary_schedules is
  'Planned arrival (and window opening) of each stop of an itinerary, for one version of it.';
comment on column public.itinerary_schedules.user_id is 'Owner of the itinerary (auth.users).';
comment on column public.itinerary_schedules.version is
  'The itinerary''s updated_at (to the millisecond) these times were computed for.';
comment on column public.itinerary_schedules.arrivals is
  'Per stop id: {"arrival": epoch ms, "opens"?: epoch ms when its window opens}.';

create index itinerary_schedules_user_id_idx on public.itinerary_schedules (user_id);

alter table public.itinerary_schedules enable row level security;

create policy "Owners can read the schedules of their itineraries" on public.itinerary_schedules
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owners can save the schedules of their itineraries" on public.itinerary_schedules
  for insert to authenticated with check (
    (select auth.uid()) = user_id
    and exists (
      select 1 from public.itineraries i
      where i.id = itinerary_id and i.user_id = (select auth.uid())
    )
  );
create policy "Owners can replace the schedules of their itineraries" on public.itinerary_schedules
  for update to authenticated using ((select auth.uid()) = user_id) with check (
    (select auth.uid()) = user_id
    and exists (
      select 1 from public.itineraries i
      where i.id = itinerary_id and i.user_id = (select auth.uid())
    )
  );
create policy "Owners can delete the schedules of their itineraries" on public.itinerary_schedules
  for delete to authenticated using ((select auth.uid()) = user_id);

revoke all on table public.itinerary_schedules from anon, public;
grant select, insert, delete on table public.itinerary_schedules to authenticated;
grant update (version, arrivals) on table public.itinerary_schedules to authenticated;
grant all on table public.itinerary_schedules to service_role;

-- Saves the times of one version of the caller's itinerary, unless times of a later version
-- are there already (two saves' times arriving out of order). Security invoker: RLS decides.
create function public.save_itinerary_schedule(itinerary uuid, for_version timestamptz, times jsonb)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into public.itinerary_schedules as s (itinerary_id, user_id, version, arrivals)
  values (
    itinerary, (select auth.uid()), for_version,
    -- A JSON document that arrives as one JSON string (some Data API drivers encode a jsonb
    -- argument twice) is read as the document it contains.
    case when jsonb_typeof(times) = 'string' then (times #>> '{}')::jsonb else times end)
  on conflict (itinerary_id) do update
    set version = excluded.version, arrivals = excluded.arrivals
    where s.version <= excluded.version;
$$;
comment on function public.save_itinerary_schedule(uuid, timestamptz, jsonb) is
  'Saves the planned times of one version of the caller''s itinerary, unless a later version''s are saved.';
revoke all on function public.save_itinerary_schedule(uuid, timestamptz, jsonb) from public, anon;
grant execute on function public.save_itinerary_schedule(uuid, timestamptz, jsonb)
  to authenticated, service_role;

-- The owner makes tracking links for stops of their itinerary (the stops that have none get
-- new_tokens' token of the same place) and sets what they show: options {"showPhoto"?: boolean,
-- "contact"?: text or null}, a key present sets it, absent leaves it (a new link: no photo, no
-- contact). Answers every asked stop that is on the itinerary with its active link; nothing when
-- the itinerary is not the caller's. Security invoker: row-level security decides.
create function public.ensure_tracking_links(
  itinerary uuid,
  stop_ids uuid[],
  new_tokens text[],
  options jsonb
)
returns table (stop_id uuid, token text, show_photo boolean, contact text)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  route_stops jsonb;
begin
  if jsonb_typeof(options) = 'string' then
    options := (options #>> '{}')::jsonb;
  end if;
  -- The itinerary's row lock keeps its stops as they are (a stop moving away) meanwhile.
  select i.stops into route_stops from public.itineraries i where i.id = itinerary for update;
  if not found then
    return;
  end if;
  insert into public.stop_tracking_links (token, itinerary_id, stop_id, user_id, show_photo, contact)
  select asked.token, itinerary, asked.stop_id, (select auth.uid()),
    coalesce((options ->> 'showPhoto')::boolean, false), options ->> 'contact'
  from unnest(stop_ids, new_tokens) as asked (stop_id, token)
  where exists (
      select 1 from jsonb_array_elements(route_stops) as listed (stop)
      where listed.stop ->> 'id' = asked.stop_id::text)
    and not exists (
      select 1 from public.stop_tracking_links l
      where l.itinerary_id = itinerary and l.stop_id = asked.stop_id and l.revoked_at is null);
  update public.stop_tracking_links l
  set show_photo = coalesce((options ->> 'showPhoto')::boolean, l.show_photo),
      contact = case when options ? 'contact' then options ->> 'contact' else l.contact end
  where l.itinerary_id = itinerary and l.stop_id = any(stop_ids) and l.revoked_at is null
    and (options ? 'showPhoto' or options ? 'contact');
  return query
    select l.stop_id, l.token, l.show_photo, l.contact
    from public.stop_tracking_links l
    where l.itinerary_id = itinerary and l.stop_id = any(stop_ids) and l.revoked_at is null;
end;
$$;
comment on function public.ensure_tracking_links(uuid, uuid[], text[], jsonb) is
  'Makes the missing tracking links of stops of the caller''s itinerary, sets what they show, and answers them.';
revoke all on function public.ensure_tracking_links(uuid, uuid[], text[], jsonb) from public, anon;
grant execute on function public.ensure_tracking_links(uuid, uuid[], text[], jsonb)
  to authenticated, service_role;

-- The stop behind an active tracking link, as its customer may know it: its name; its latest
-- report's status and time (the reason only when it failed, with the owner's contact line); its
-- planned arrival and window opening from the times of the route's current version; how many
-- stops before it (the start, the first stop, not counted) are still to do (no report, or
-- skipped); whether the driver has reported on any stop; and the time of the driver's latest
-- report with the planned arrival of its stop (how late the driver runs). Nothing for an
-- unknown or revoked token, or a stop no longer on the route. Nothing about other stops, the
-- driver or the owner.
create function public.tracking_stop(tracking_token text)
returns table (
  name text,
  status text,
  reported_at timestamptz,
  reason text,
  contact text,
  planned_arrival double precision,
  window_opens double precision,
  stops_before integer,
  started boolean,
  last_report_at timestamptz,
  last_report_planned_arrival double precision
)
language sql
stable
security definer
set search_path = ''
as $$
  with route as (
    select i.id, i.stops, i.updated_at, l.stop_id::text as stop_id, l.contact
    from public.stop_tracking_links l
    join public.itineraries i on i.id = l.itinerary_id
    where l.token = tracking_token and l.revoked_at is null
  ),
  listed as (
    select s.stop ->> 'id' as stop_id, s.stop ->> 'name' as name, s.place
    from route cross join lateral jsonb_array_elements(route.stops) with ordinality as s (stop, place)
  ),
  latest as (
    select r.stop_id::text as stop_id, r.status, r.reported_at, r.reason
    from route
    join public.stop_reports_ranked r on r.itinerary_id = route.id and r.rank = 1
    where r.stop_id::text in (select listed.stop_id from listed)
  ),
  times as (
    select sc.arrivals
    from route join public.itinerary_schedules sc on sc.itinerary_id = route.id
    where route.updated_at >= sc.version and route.updated_at < sc.version + interval '1 millisecond'
  )
  select
    this.name,
    latest.status,
    latest.reported_at,
    case when latest.status = 'failed' then latest.reason end,
    case when latest.status = 'failed' then route.contact end,
    ((select t.arrivals from times t) -> route.stop_id ->> 'arrival')::double precision,
    ((select t.arrivals from times t) -> route.stop_id ->> 'opens')::double precision,
    (
      select count(*)::integer from listed earlier
      where earlier.place > 1 and earlier.place < this.place
        and not exists (
          select 1 from latest done
          where done.stop_id = earlier.stop_id and done.status <> 'skipped')
    ),
    exists (select 1 from latest),
    last.reported_at,
    last.planned_arrival
  from route
  join listed this on this.stop_id = route.stop_id
  left join latest on latest.stop_id = route.stop_id
  left join lateral (
    select reported.reported_at,
      (t.arrivals -> reported.stop_id ->> 'arrival')::double precision as planned_arrival
    from latest reported cross join times t
    where t.arrivals ? reported.stop_id
    order by reported.reported_at desc
    limit 1
  ) last on true;
$$;
comment on function public.tracking_stop(text) is
  'What the customer of the stop behind an active tracking link may know: name, state, the window''s facts; empty otherwise.';
revoke all on function public.tracking_stop(text) from public, anon, authenticated;
grant execute on function public.tracking_stop(text) to anon, authenticated, service_role;
