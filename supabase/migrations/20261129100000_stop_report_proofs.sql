-- Proof of delivery: a photo and a signature per report, JPEG or PNG, at most 5 MB each, in a
-- private Storage bucket. The driver link's holder has no account and no way in but the `api`
-- function, which checks the image (its bytes, its size) and then, as service_role: the token
-- function driver_proof_begin checks the token and the report and names the object (256 random
-- bits in its name), the bytes go to Storage, and driver_proof_done marks the proof stored. Anon
-- may call neither function nor write to the bucket (a direct call through the Data API or the
-- Storage API would skip the image check and the link's rate limit). Nobody but the owner reads
-- a proof (through short-lived signed URLs) or deletes it (with the route, or the account,
-- through the Storage API as the owner: hosted Storage refuses deleting its objects by SQL).

create table public.stop_report_proofs (
  report_id uuid not null references public.stop_reports (id) on delete cascade,
  kind text not null check (kind in ('photo', 'signature')),
  itinerary_id uuid not null references public.itineraries (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  object_path text not null unique
    check (object_path ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}/(photo|signature)-[0-9a-f]{64}\.(jpg|png)$'),
  content_type text not null check (content_type in ('image/jpeg', 'image/png')),
  byte_size integer not null check (byte_size between 1 and 5242880),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  requested_at timestamptz not null default now(),
  uploaded_at timestamptz,
  primary key (report_id, kind)
);
comment on table public.stop_report_proofs is
  'A report''s photo or signature: its object in the stop-proofs bucket, announced through a driver link, uploaded once.';
comment on column public.stop_report_proofs.object_path is
  'Name of the object in the private stop-proofs bucket: itinerary/report/kind-random.ext.';
comment on column public.stop_report_proofs.sha256 is
  'SHA-256 (hex) of the bytes: the same proof sent again is recognised, another one refused.';
comment on column public.stop_report_proofs.requested_at is
  'When the upload was last announced.';
comment on column public.stop_report_proofs.uploaded_at is
  'When the bytes were stored; null while the upload is announced but not done.';

create index stop_report_proofs_itinerary_id_idx on public.stop_report_proofs (itinerary_id);
create index stop_report_proofs_user_id_idx on public.stop_report_proofs (user_id);

alter table public.stop_report_proofs enable row level security;

create policy "Owners can read the proofs of their itineraries" on public.stop_report_proofs
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Proofs are announced only through a driver link" on public.stop_report_proofs
  for insert to authenticated with check (false);
create policy "Proofs are never changed but through a driver link" on public.stop_report_proofs
  for update to authenticated using (false) with check (false);
create policy "Proofs go only with their report" on public.stop_report_proofs
  for delete to authenticated using (false);

revoke all on table public.stop_report_proofs from anon, authenticated, public;
grant select on table public.stop_report_proofs to authenticated;
grant all on table public.stop_report_proofs to service_role;

-- The private bucket (a hosted project's Storage has the storage schema before the migrations,
-- as lite's does locally).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('stop-proofs', 'stop-proofs', false, 5242880, array['image/jpeg', 'image/png'])
on conflict (id) do update
  set public = false,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- The owner reads and deletes the proofs of their routes; nobody else does anything with the
-- bucket's objects but service_role (the `api` function storing a checked image).
create policy "Owners read the proofs of their itineraries" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'stop-proofs'
    and exists (
      select 1 from public.stop_report_proofs p
      where p.object_path = objects.name and p.user_id = (select auth.uid())
    )
  );
create policy "Owners delete the proofs of their itineraries" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'stop-proofs'
    and exists (
      select 1 from public.stop_report_proofs p
      where p.object_path = objects.name and p.user_id = (select auth.uid())
    )
  );

-- A driver link announces a proof of one of its route's reports (called by the `api` function
-- only, as service_role, once it has checked the image). outcome: 'upload' (write the
-- bytes to object_path, then call driver_proof_done), 'attached' (the report has this very proof
-- already: nothing to do), 'taken' (it has another one: a correction is a new report), 'no-link'
-- (unknown or revoked token) or 'no-report' (not a report of this route).
create function public.driver_proof_begin(
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
  perform 1 from public.stop_reports r
  where r.id = report and r.itinerary_id = link.itinerary_id
  for update;
  if not found then
    return query select 'no-report'::text, null::text;
    return;
  end if;

  fresh := link.itinerary_id::text || '/' || report::text || '/' || proof_kind || '-'
    || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
    || case media_type when 'image/png' then '.png' else '.jpg' end;
  select p.* into announced from public.stop_report_proofs p
  where p.report_id = report and p.kind = proof_kind;
  if not found then
    insert into public.stop_report_proofs as p (
      report_id, kind, itinerary_id, user_id, object_path, content_type, byte_size, sha256)
    values (report, proof_kind, link.itinerary_id, link.user_id, fresh, media_type, size, digest);
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
  'Announces a photo or signature of a report of the itinerary behind an active driver link: upload (and where), attached, taken, no-link or no-report.';
revoke all on function public.driver_proof_begin(text, uuid, text, text, integer, text) from public, anon, authenticated;
grant execute on function public.driver_proof_begin(text, uuid, text, text, integer, text) to service_role;

-- The announced proof is stored: from now on only the owner reads it. outcome: 'done', 'attached'
-- (done before), 'no-link' or 'no-proof' (nothing announced with these bytes).
create function public.driver_proof_done(driver_token text, report uuid, proof_kind text, digest text)
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
  where p.report_id = report and p.kind = proof_kind and p.itinerary_id = link.itinerary_id
    and p.sha256 = digest
  for update;
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
comment on function public.driver_proof_done(text, uuid, text, text) is
  'Marks an announced proof of an active driver link''s report uploaded: done, attached, no-link or no-proof.';
revoke all on function public.driver_proof_done(text, uuid, text, text) from public, anon, authenticated;
grant execute on function public.driver_proof_done(text, uuid, text, text) to service_role;

-- Reports with their stored proofs: the owner gets the objects' names (to sign), the driver's
-- page only whether there is one.
create or replace view public.stop_reports_ranked with (security_invoker = true) as
  select r.*,
    row_number() over (
      partition by r.itinerary_id, r.stop_id
      order by r.reported_at desc, r.received_at desc, r.id desc
    ) as rank,
    (select p.object_path from public.stop_report_proofs p
     where p.report_id = r.id and p.kind = 'photo' and p.uploaded_at is not null) as photo_path,
    (select p.object_path from public.stop_report_proofs p
     where p.report_id = r.id and p.kind = 'signature' and p.uploaded_at is not null) as signature_path
  from public.stop_reports r;
comment on view public.stop_reports_ranked is
  'Every stop report with its rank among its stop''s reports (1: the latest, which wins) and its stored photo and signature.';

create or replace function public.driver_route(driver_token text)
returns table (title text, stops jsonb, day_plan jsonb, reports jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select i.title, i.stops, i.day_plan,
    coalesce((
      select jsonb_agg(
        (to_jsonb(r) - 'user_id' - 'itinerary_id' - 'rank' - 'photo_path' - 'signature_path')
          || jsonb_build_object(
            'has_photo', r.photo_path is not null,
            'has_signature', r.signature_path is not null)
        order by r.received_at)
      from public.stop_reports_ranked r
      where r.itinerary_id = i.id and r.rank = 1
    ), '[]'::jsonb)
  from public.driver_links l
  join public.itineraries i on i.id = l.itinerary_id
  where l.token = driver_token and l.revoked_at is null;
$$;
comment on function public.driver_route(text) is
  'Title, stops with notes, day plan and the latest report of each stop (whether it has a photo and a signature) of the itinerary behind an active driver link; empty otherwise.';
