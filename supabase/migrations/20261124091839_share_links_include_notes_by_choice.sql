-- A share link shows the stops' notes for the driver (door codes, phone numbers) only
-- when its owner chose to include them. The choice is a property of the link, off by
-- default: links made before this migration keep working, without notes. The public
-- shared view drops every note itself unless the link includes them, so no caller of the
-- function (the api, the Data API, anyone with the anon key) can read a note the owner
-- did not share.

alter table public.itinerary_shares
  add column include_notes boolean not null default false;
comment on column public.itinerary_shares.include_notes is
  'When true the shared view shows the stops'' notes for the driver; false (the default) hides every note.';

-- The owner may change what an active link shows (the share dialog's checkbox); RLS's
-- update policy keeps that to the owner's own links. Still no way to repoint a link.
grant update (include_notes) on table public.itinerary_shares to authenticated;

create or replace function public.get_shared_route(share_token text)
returns table (title text, stops jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select
    i.title,
    case
      when s.include_notes then i.stops
      else (
        select coalesce(jsonb_agg(stop - 'note' order by position), '[]'::jsonb)
        from jsonb_array_elements(i.stops) with ordinality as listed (stop, position)
      )
    end
  from public.itinerary_shares s
  join public.itineraries i on i.id = s.itinerary_id
  where s.token = share_token
    and s.revoked_at is null;
$$;
comment on function public.get_shared_route(text) is
  'Title and stops of the itinerary behind a valid, unrevoked share token (stop notes only when the link includes them); empty otherwise.';
