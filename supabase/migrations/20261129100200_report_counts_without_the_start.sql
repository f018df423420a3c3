-- Stop 1 is where a route starts (the depot, or wherever the driver sets off), not a delivery:
-- the counts leave it out, so a route whose other stops are all reported is done (the same rule
-- as deliveryStops in supabase/functions/_shared/domain/stop-reports.ts). A report made on the
-- start stays in the history and is shown; it is not counted.
create or replace view public.itinerary_report_counts with (security_invoker = true) as
  select i.id as itinerary_id,
    i.day_group,
    greatest(jsonb_array_length(i.stops) - 1, 0) as stops,
    count(*) filter (where r.status = 'delivered') as delivered,
    count(*) filter (where r.status = 'failed') as failed,
    count(*) filter (where r.status = 'skipped') as skipped,
    max(r.received_at) as last_report_at
  from public.itineraries i
  join public.stop_reports_ranked r on r.itinerary_id = i.id and r.rank = 1
  where exists (
    select 1 from jsonb_array_elements(i.stops) with ordinality as listed (stop, place)
    where listed.place > 1 and listed.stop ->> 'id' = r.stop_id::text
  )
  group by i.id;
comment on view public.itinerary_report_counts is
  'Per itinerary with reports on its deliveries (every stop but stop 1, the start): how many there are, how many are delivered, failed and skipped (latest report of each), and the latest such report''s time.';
