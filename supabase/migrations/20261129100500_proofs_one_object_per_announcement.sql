-- Two uploads of a report's proof at the same moment, with different images, wrote one object:
-- a re-announcement kept the object's name, and the bytes written last won, whichever
-- announcement the row described (its SHA-256 could describe one image while the object held the
-- other, and an upload still on its way could overwrite a proof already marked stored). Now each
-- announcement names its own object (Storage never writes over one), and driver_proof_done marks
-- the proof stored only for the object the row names now: an upload that lost the race is told
-- so, and its object is no proof's.

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
  -- Announced before and not done (a lost answer, a failed upload, another image at the same
  -- moment): again, to a new object; the earlier one is no longer the proof's.
  update public.stop_report_proofs p
  set object_path = fresh, content_type = media_type, byte_size = size, sha256 = digest,
      requested_at = now()
  where p.report_id = report and p.kind = proof_kind;
  return query select 'upload'::text, fresh;
end;
$$;

drop function public.driver_proof_done(text, uuid, text, text);

-- The announced proof is stored in stored_path: from now on only the owner reads it. outcome:
-- 'done', 'attached' (done before), 'no-link' or 'no-proof' (the proof was announced again since,
-- or with other bytes: stored_path is not its object).
create function public.driver_proof_done(
  driver_token text,
  report uuid,
  proof_kind text,
  digest text,
  stored_path text
)
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
    and p.object_path = stored_path and private.reported_through(r, link)
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
comment on function public.driver_proof_done(text, uuid, text, text, text) is
  'Marks an announced proof of an active driver link''s report stored in the object it names now: done, attached, no-link or no-proof.';
revoke all on function public.driver_proof_done(text, uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.driver_proof_done(text, uuid, text, text, text) to service_role;
