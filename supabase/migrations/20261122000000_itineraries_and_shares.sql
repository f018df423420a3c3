-- Itineraries (saved multi-stop routes) and their public share links.
-- Row-level security is the one security boundary: every table gets RLS, one named
-- policy per operation for `authenticated`, nothing at all for `anon`.

create schema if not exists private;
comment on schema private is 'Helpers that must not be exposed through the Data API.';
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Stops are an ordered JSON array of {name, lat, lng}; the API validates them too,
-- this check keeps the table honest whoever writes to it.
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
    );
$$;
comment on function private.stops_are_valid(jsonb) is
  'True when stops is an array of {name: 1..500 chars, lat: -90..90, lng: -180..180}.';

create or replace function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create table public.itineraries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200),
  stops jsonb not null default '[]'::jsonb check (private.stops_are_valid(stops)),
  total_distance double precision not null default 0 check (total_distance >= 0),
  total_duration double precision not null default 0 check (total_duration >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.itineraries is 'A saved multi-stop route, owned by one user.';
comment on column public.itineraries.user_id is 'Owner (auth.users); deleting the user deletes the route.';
comment on column public.itineraries.title is 'Route title shown on the dashboard (1..200 characters).';
comment on column public.itineraries.stops is 'Ordered stops: JSON array of {name, lat, lng}.';
comment on column public.itineraries.total_distance is 'Driving distance of the whole route in metres, computed by the api function.';
comment on column public.itineraries.total_duration is 'Driving duration of the whole route in seconds, computed by the api function.';

create index itineraries_user_id_created_at_idx on public.itineraries (user_id, created_at desc);

create trigger itineraries_touch_updated_at
  before update on public.itineraries
  for each row execute function private.touch_updated_at();

alter table public.itineraries enable row level security;

create policy "Owners can read their itineraries" on public.itineraries
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owners can create itineraries" on public.itineraries
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Owners can update their itineraries" on public.itineraries
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "Owners can delete their itineraries" on public.itineraries
  for delete to authenticated using ((select auth.uid()) = user_id);

revoke all on table public.itineraries from anon, public;
grant select, insert, update, delete on table public.itineraries to authenticated;
grant all on table public.itineraries to service_role;

create table public.itinerary_shares (
  token text primary key check (token ~ '^[A-Za-z0-9_-]{22,128}$'),
  itinerary_id uuid not null references public.itineraries (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
comment on table public.itinerary_shares is 'Capability links that let anyone view one itinerary without an account.';
comment on column public.itinerary_shares.token is 'URL-safe random token (at least 128 bits from a CSPRNG), the secret in the share link.';
comment on column public.itinerary_shares.user_id is 'Owner of the shared itinerary (auth.users).';
comment on column public.itinerary_shares.revoked_at is 'When set, the link no longer works.';

create unique index itinerary_shares_one_active_per_itinerary
  on public.itinerary_shares (itinerary_id) where revoked_at is null;
create index itinerary_shares_itinerary_id_idx on public.itinerary_shares (itinerary_id);
create index itinerary_shares_user_id_idx on public.itinerary_shares (user_id);

alter table public.itinerary_shares enable row level security;

create policy "Owners can read their shares" on public.itinerary_shares
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owners can share their itineraries" on public.itinerary_shares
  for insert to authenticated with check (
    (select auth.uid()) = user_id
    and exists (
      select 1 from public.itineraries i
      where i.id = itinerary_id and i.user_id = (select auth.uid())
    )
  );
create policy "Owners can revoke their shares" on public.itinerary_shares
  for update to authenticated using ((select auth.uid()) = user_id) with check (
    (select auth.uid()) = user_id
    and exists (
      select 1 from public.itineraries i
      where i.id = itinerary_id and i.user_id = (select auth.uid())
    )
  );
create policy "Owners can delete their shares" on public.itinerary_shares
  for delete to authenticated using ((select auth.uid()) = user_id);

revoke all on table public.itinerary_shares from anon, public;
-- A share can only be revoked, never repointed at another itinerary: update is
-- granted on revoked_at alone.
grant select, insert, delete on table public.itinerary_shares to authenticated;
grant update (revoked_at) on table public.itinerary_shares to authenticated;
grant all on table public.itinerary_shares to service_role;

-- The public shared view: the only way to read a route across users. It returns
-- title and stops for a valid, unrevoked token and nothing else (no owner, no id).
create or replace function public.get_shared_route(share_token text)
returns table (title text, stops jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select i.title, i.stops
  from public.itinerary_shares s
  join public.itineraries i on i.id = s.itinerary_id
  where s.token = share_token
    and s.revoked_at is null;
$$;
comment on function public.get_shared_route(text) is
  'Title and stops of the itinerary behind a valid, unrevoked share token; empty otherwise.';
revoke all on function public.get_shared_route(text) from public, anon, authenticated;
grant execute on function public.get_shared_route(text) to anon, authenticated, service_role;

revoke all on function private.stops_are_valid(jsonb) from public;
grant execute on function private.stops_are_valid(jsonb) to anon, authenticated, service_role;
revoke all on function private.touch_updated_at() from public;
