-- My Routes a page at a time: the caller's itineraries in one of five orders, optionally only
-- those whose title or stop names hold every word searched, after a cursor, at most a page,
-- with what a route card shows (the stop count instead of the stops, unless asked for).
-- Security invoker: row-level security decides what the caller reads, as for every read.

-- Text for matching and ordering without case or accents: the accented Latin letters of the
-- product's languages (and their neighbours) as their base letter, then lower case. translate
-- rather than the unaccent extension, which not every Postgres the project runs on loads.
create function private.folded(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select lower(translate(
    value,
    'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČďĎèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪįĮłŁñÑńŃňŇòÒóÓôÔõÕöÖøØōŌőŐŕŔřŘśŚšŠşŞťŤùÙúÚûÛüÜūŪůŮűŰųŲýÝÿŸžŽźŹżŻ',
    'aaaaaaaaaaaaaaaaaaccccccddeeeeeeeeeeeeeeeeiiiiiiiiiiiillnnnnnnoooooooooooooooorrrrssssssttuuuuuuuuuuuuuuuuyyyyzzzzzz'
  ));
$$;
comment on function private.folded(text) is
  'Lower case without the accents of Latin letters: how My Routes searches and orders titles.';
grant execute on function private.folded(text) to authenticated, service_role;

create function public.list_itineraries(
  search_words text[] default null,
  sort text default 'newest',
  page_size integer default null,
  after_number double precision default null,
  after_text text default null,
  after_id uuid default null,
  with_stops boolean default false
)
returns table (
  id uuid,
  title text,
  -- null unless with_stops: a card needs only their number.
  stops jsonb,
  stop_count integer,
  total_distance double precision,
  total_duration double precision,
  created_at timestamptz,
  updated_at timestamptz,
  day_plan jsonb,
  day_group uuid,
  -- The row's place in the order (the next page's cursor is the last row's): for 'newest' and
  -- 'oldest' the creation time in whole microseconds since 1970 (exact in a double), for
  -- 'shortest' and 'longest' the distance (unknown, 0, last either way), for 'title' the folded
  -- title; ties are ordered by id.
  sort_number double precision,
  sort_text text,
  -- How many of the caller's itineraries match, on every page.
  total_count bigint
)
language sql
stable
security invoker
set search_path = ''
as $$
  with matching as (
    select
      i.*,
      case
        when list_itineraries.sort in ('newest', 'oldest')
          then floor(extract(epoch from i.created_at) * 1000000)::double precision
        when list_itineraries.sort = 'shortest'
          then case when i.total_distance > 0 then i.total_distance else 1e308 end
        when list_itineraries.sort = 'longest'
          then case when i.total_distance > 0 then i.total_distance else -1 end
      end as sort_number,
      case when list_itineraries.sort = 'title' then private.folded(i.title) end collate "C"
        as sort_text
    from public.itineraries i
    where search_words is null
      or not exists (
        select 1
        from unnest(search_words) as word
        where strpos(
          private.folded(i.title || ' ' || jsonb_path_query_array(i.stops, '$[*].name')::text),
          private.folded(word)
        ) = 0
      )
  ),
  counted as (
    select m.*, count(*) over () as total_count from matching m
  )
  select
    c.id,
    c.title,
    case when with_stops then c.stops end,
    jsonb_array_length(c.stops),
    c.total_distance,
    c.total_duration,
    c.created_at,
    c.updated_at,
    c.day_plan,
    c.day_group,
    c.sort_number,
    c.sort_text,
    c.total_count
  from counted c
  where after_id is null
    or case
      when list_itineraries.sort in ('newest', 'longest')
        then (c.sort_number, c.id) < (after_number, after_id)
      when list_itineraries.sort in ('oldest', 'shortest')
        then (c.sort_number, c.id) > (after_number, after_id)
      else (c.sort_text, c.id) > (after_text collate "C", after_id)
    end
  order by
    case when list_itineraries.sort in ('newest', 'longest') then c.sort_number end desc,
    case when list_itineraries.sort in ('oldest', 'shortest') then c.sort_number end asc,
    case when list_itineraries.sort = 'title' then c.sort_text end asc,
    case when list_itineraries.sort in ('newest', 'longest') then c.id end desc,
    case when list_itineraries.sort not in ('newest', 'longest') then c.id end asc
  limit page_size;
$$;
comment on function public.list_itineraries(text[], text, integer, double precision, text, uuid, boolean) is
  'The caller''s itineraries (RLS) matching every search word in title or stop names, in one of the orders newest, oldest, title, shortest, longest, after a cursor, at most page_size.';
revoke all on function public.list_itineraries(text[], text, integer, double precision, text, uuid, boolean)
  from public, anon;
grant execute on function public.list_itineraries(text[], text, integer, double precision, text, uuid, boolean)
  to authenticated, service_role;
