-- A proof's object is named by its report, its kind and the SHA-256 of its bytes
-- (<itinerary>/<report>/<photo|signature>-<sha256>.<jpg|png>): a driver's phone that sends the
-- same image again after a lost answer (the upload stored, the row never marked) writes over the
-- same object instead of adding a second one, while two different images sent at the same
-- moment still go to two objects (only the one the row names is marked stored). Random names
-- protected nothing: nobody but the owner reads an object, whatever its name.
--
-- An object can still outlive the row that names it: a route, a report or an account deleted by
-- SQL or through the Data API (the cascade takes the rows, Storage keeps the files), an upload
-- that lost the race, a function stopped between two steps. orphan_proofs() lists such objects,
-- and the `api` function deletes them through the Storage API (hosted Storage refuses deleting
-- its objects by SQL).

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
  named text;
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

  named := reported.itinerary_id::text || '/' || report::text || '/' || proof_kind || '-'
    || digest || case media_type when 'image/png' then '.png' else '.jpg' end;
  select p.* into announced from public.stop_report_proofs p
  where p.report_id = report and p.kind = proof_kind;
  if not found then
    insert into public.stop_report_proofs as p (
      report_id, kind, itinerary_id, user_id, object_path, content_type, byte_size, sha256)
    values (
      report, proof_kind, reported.itinerary_id, reported.user_id, named, media_type, size, digest);
    return query select 'upload'::text, named;
    return;
  end if;
  if announced.uploaded_at is not null then
    return query select
      case when announced.sha256 = digest then 'attached' else 'taken' end, null::text;
    return;
  end if;
  -- Announced before and not done (a lost answer, a failed upload, another image at the same
  -- moment): again, to the object these bytes name (the same one for the same image).
  update public.stop_report_proofs p
  set object_path = named, content_type = media_type, byte_size = size, sha256 = digest,
      requested_at = now()
  where p.report_id = report and p.kind = proof_kind;
  return query select 'upload'::text, named;
end;
$$;
comment on function public.driver_proof_begin(text, uuid, text, text, integer, text) is
  'Announces a photo or signature of a report sent through an active driver link (on its itinerary or on a stop that moved away from it), named by its bytes: upload (and where), attached, taken, no-link or no-report.';

-- Objects of the proofs' bucket that no proof names: deleted through the Storage API by the
-- `api` function (service_role only, which reads both tables past row-level security as itself:
-- security invoker). An object is announced (its row written) before it is
-- uploaded, so one no row names was either the proof of a row deleted since or an upload that
-- the row no longer describes. An upload still on its way is left alone: while its report's
-- proof of that kind is announced and not done (for up to an hour), the row may name that object
-- again.
create function public.orphan_proofs(max_count integer)
returns setof text
language sql
stable
security invoker
set search_path = ''
as $$
  select o.name from storage.objects o
  where o.bucket_id = 'stop-proofs'
    and not exists (select 1 from public.stop_report_proofs p where p.object_path = o.name)
    and not exists (
      select 1 from public.stop_report_proofs p
      where p.report_id::text = split_part(o.name, '/', 2)
        and p.kind = split_part(split_part(o.name, '/', 3), '-', 1)
        and p.uploaded_at is null
        and p.requested_at > now() - interval '1 hour')
  order by o.name
  limit least(greatest(max_count, 0), 1000);
$$;
comment on function public.orphan_proofs(integer) is
  'Up to max_count (at most 1000) objects of the stop-proofs bucket that no proof names and no upload in progress may name (service_role only).';
revoke all on function public.orphan_proofs(integer) from public, anon, authenticated;
grant execute on function public.orphan_proofs(integer) to service_role;
