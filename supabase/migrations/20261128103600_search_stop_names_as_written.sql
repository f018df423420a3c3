-- My Routes' search reads the stops' names as written. It read them as the JSON text of an
-- array, so a search for `[` or `"` found every route with stops, and a name holding `"` or `\`
-- (written `\"` and `\\` in JSON) was never found by what it says. The names are now joined
-- with spaces. strpos compares plain text: `%`, `_` and `\` are searched for as themselves.
-- Arguments, columns and rules are otherwise as before (create or replace keeps the grants).

create or replace function public.list_itineraries(
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
  -- The route has a share link that works (not revoked): My Routes offers to revoke only then.
  shared boolean,
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
    -- The title and the stops' names as written, read only when searching.
    cross join lateral (
      select private.folded(i.title || ' ' || coalesce(string_agg(s.value ->> 'name', ' '), ''))
        as words
      from jsonb_array_elements(i.stops) s
      where list_itineraries.search_words is not null
    ) searched
    where search_words is null
      or not exists (
        select 1
        from unnest(search_words) as word
        where strpos(searched.words, private.folded(word)) = 0
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
    exists (
      select 1 from public.itinerary_shares s
      where s.itinerary_id = c.id and s.revoked_at is null
    ),
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
