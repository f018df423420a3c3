-- A report that followed its stop to another route (a phone offline during the move: see
-- *_stop_moves.sql) takes its photo and signature through the same link: the link's owner's
-- report, on the link's route or on a stop that moved away from it, is the link's. The proof is
-- filed under the report's route, so it goes with that route.

-- Whether `earlier` was sent through `link`: on its route, or on a stop that moved away from it.
create function private.reported_through(earlier public.stop_reports, link public.driver_links)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select earlier.user_id = link.user_id
    and (earlier.itinerary_id = link.itinerary_id
      or exists (
        select 1 from public.stop_moves m
        where m.from_itinerary_id = link.itinerary_id and m.stop_id = earlier.stop_id));
$$;
comment on function private.reported_through(public.stop_reports, public.driver_links) is
  'Whether a report was sent through a driver link: the link owner''s, on its route or on a stop that moved away from it.';
revoke all on function private.reported_through(public.stop_reports, public.driver_links) from public;

create or replace function private.report_again(earlier public.stop_reports, link public.driver_links)
returns table (outcome text, saved jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select
    case when mine then 'replayed' else 'conflict' end,
    case when mine then to_jsonb(earlier) - 'user_id' - 'itinerary_id' end
  from (select private.reported_through(earlier, link) as mine) as answer;
$$;

create or replace function public.driver_proof_begin(
  driver_token text,
  report uuid,
  proof_kind text,
  media_type text,
  size integer,
  digest text
)
returns table (outcome text, object_path text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  link public.driver_links;
  reported public.stop_reports;
  announced public.stop_report_proofs;
  fresh text;
begin
  select l.* into link from public.driver_links l
  where l.token = driver_token and l.revoked_at is null;
  if not found then
    return query select 'no-link'::text, null::text;
    return;
  end if;
  -- The report's row lock orders two announcements of its proofs.
  select r.* into reported from public.stop_reports r where r.id = report for update;
  if not found or not private.reported_through(reported, link) then
    return query select 'no-report'::text, null::text;
    return;
  end if;

  fresh := reported.itinerary_id::text || '/' || report::text || '/' || proof_kind || '-'
    || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
    || case media_type when 'image/png' then '.png' else '.jpg' end;
  select p.* into announced from public.stop_report_proofs p
  where p.report_id = report and p.kind = proof_kind;
  if not found then
    insert into public.stop_report_proofs as p (
      report_id, kind, itinerary_id, user_id, object_path, content_type, byte_size, sha256)
    values (
      report, proof_kind, reported.itinerary_id, reported.user_id, fresh, media_type, size, digest);
    return query select 'upload'::text, fresh;
    return;
  end if;
  if announced.uploaded_at is not null then
    return query select
      case when announced.sha256 = digest then 'attached' else 'taken' end, null::text;
    return;
  end if;
  -- Announced before and not done (a lost answer, a failed upload): again, the same object
  -- while the type is the same (an earlier attempt's bytes are written over).
  update public.stop_report_proofs p
  set object_path = case when p.content_type = media_type then p.object_path else fresh end,
      content_type = media_type, byte_size = size, sha256 = digest, requested_at = now()
  where p.report_id = report and p.kind = proof_kind
  returning p.object_path into fresh;
  return query select 'upload'::text, fresh;
end;
$$;
comment on function public.driver_proof_begin(text, uuid, text, text, integer, text) is
  'Announces a photo or signature of a report sent through an active driver link (on its itinerary or on a stop that moved away from it): upload (and where), attached, taken, no-link or no-report.';

create or replace function public.driver_proof_done(driver_token text, report uuid, proof_kind text, digest text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  link public.driver_links;
  announced public.stop_report_proofs;
begin
  select l.* into link from public.driver_links l
  where l.token = driver_token and l.revoked_at is null;
  if not found then
    return 'no-link';
  end if;
  select p.* into announced from public.stop_report_proofs p
  join public.stop_reports r on r.id = p.report_id
  where p.report_id = report and p.kind = proof_kind and p.sha256 = digest
    and private.reported_through(r, link)
  for update of p;
  if not found then
    return 'no-proof';
  end if;
  if announced.uploaded_at is not null then
    return 'attached';
  end if;
  update public.stop_report_proofs p set uploaded_at = now()
  where p.report_id = report and p.kind = proof_kind;
  return 'done';
end;
$$;
