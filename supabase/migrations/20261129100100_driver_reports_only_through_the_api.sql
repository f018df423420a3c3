-- A driver's report reaches the database only through the `api` function: driver_report, which
-- the function calls as service_role after its own checks (the input's shape and the link's rate
-- limit), is no longer anon's to call. Through the Data API with the anon key
-- (/rest/v1/rpc/driver_report) a link's holder could otherwise report past the rate limit. The
-- stop_reports table's checks (status, reason, note length, position, time) stay the last word
-- either way.
revoke all on function public.driver_report(text, jsonb) from public, anon, authenticated;
grant execute on function public.driver_report(text, jsonb) to service_role;
comment on function public.driver_report(text, jsonb) is
  'Saves a driver''s report on a stop of the itinerary behind an active driver link (or where that stop moved), once per report id: created, replayed, conflict, no-link or no-stop. service_role only: the api function, after its own checks.';
