-- The proof photo on a customer's tracking page: when the owner chose to show it (the link's
-- show_photo) and the stop's latest report is a delivery with a stored photo, tracking_stop also
-- names the photo's object, which the api function serves under the link's token. A failed or
-- skipped stop, a photo of an earlier report, or a link without show_photo: no photo. The answer
-- gains a column, so the function is made again (its privileges with it).

drop function public.tracking_stop(text);

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
  last_report_planned_arrival double precision,
  photo_path text
)
language sql
stable
security definer
set search_path = ''
as $$
  with route as (
    select i.id, i.stops, i.updated_at, l.stop_id::text as stop_id, l.contact, l.show_photo
    from public.stop_tracking_links l
    join public.itineraries i on i.id = l.itinerary_id
    where l.token = tracking_token and l.revoked_at is null
  ),
  listed as (
    select s.stop ->> 'id' as stop_id, s.stop ->> 'name' as name, s.place
    from route cross join lateral jsonb_array_elements(route.stops) with ordinality as s (stop, place)
  ),
  latest as (
    select r.stop_id::text as stop_id, r.status, r.reported_at, r.reason, r.photo_path
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
    last.planned_arrival,
    case when route.show_photo and latest.status = 'delivered' then latest.photo_path end
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
  'What the customer of the stop behind an active tracking link may know: name, state, the window''s facts, the delivery''s photo when the owner shows it; empty otherwise.';
revoke all on function public.tracking_stop(text) from public, anon, authenticated;
grant execute on function public.tracking_stop(text) to anon, authenticated, service_role;
