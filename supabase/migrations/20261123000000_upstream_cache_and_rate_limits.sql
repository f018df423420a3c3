-- Shared state of the geocoding and routing proxies: an answer cache with expiry,
-- per-client token buckets and one "next free slot" row per upstream (the public OSM
-- services allow 1 request per second for the whole application). It lives in Postgres
-- because Edge Function instances share nothing else; each instance keeps an in-process
-- layer in front only as an optimisation.
--
-- The tables are in `private` (not exposed through the Data API), with RLS enabled and
-- no policy, and no privilege for any API role. The only way in is four narrow
-- security-definer functions with an empty search_path, executable by service_role
-- alone: if anon or authenticated could call them, anyone could poison the cache or
-- drain another client's bucket through the Data API.

create table private.upstream_cache (
  key text primary key check (char_length(key) between 1 and 2000),
  value jsonb not null,
  expires_at timestamptz not null
);
comment on table private.upstream_cache is
  'Answers of the geocoder and router (search, reverse, route legs by rounded coordinates) until expires_at.';
create index upstream_cache_expires_at_idx on private.upstream_cache (expires_at);
alter table private.upstream_cache enable row level security;

create table private.rate_limit_buckets (
  bucket text primary key check (char_length(bucket) between 1 and 200),
  tokens double precision not null,
  refilled_at timestamptz not null
);
comment on table private.rate_limit_buckets is
  'Token buckets of the per-client rate limits (bucket = service and caller: user id or client IP).';
create index rate_limit_buckets_refilled_at_idx on private.rate_limit_buckets (refilled_at);
alter table private.rate_limit_buckets enable row level security;

create table private.upstream_slots (
  upstream text primary key check (char_length(upstream) between 1 and 100),
  next_at timestamptz not null
);
comment on table private.upstream_slots is
  'Earliest time the next request may go to each upstream, shared by every function instance.';
alter table private.upstream_slots enable row level security;

revoke all on table private.upstream_cache, private.rate_limit_buckets, private.upstream_slots
  from public, anon, authenticated, service_role;

-- Cached answers for up to 1000 keys at once (expired ones count as missing).
create or replace function public.upstream_cache_get(cache_keys text[])
returns table (key text, value jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select c.key, c.value
  from private.upstream_cache c
  where cardinality(cache_keys) <= 1000
    and c.key = any (cache_keys)
    and c.expires_at > now();
$$;
comment on function public.upstream_cache_get(text[]) is
  'Unexpired cached upstream answers for the given keys (service_role only).';

-- Stores up to 1000 [{key, value}] for ttl_seconds (1 s to 30 days) and sweeps a few
-- expired rows, so the table needs no scheduled job.
create or replace function public.upstream_cache_put(entries jsonb, ttl_seconds integer)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  -- A JSON document that arrives as one JSON string (some Data API drivers encode a
  -- jsonb argument twice) is read as the document it contains.
  if jsonb_typeof(entries) = 'string' then
    entries := (entries #>> '{}')::jsonb;
  end if;
  if jsonb_typeof(entries) is distinct from 'array' or jsonb_array_length(entries) > 1000 then
    raise exception 'entries must be an array of at most 1000 {key, value}' using errcode = '22023';
  end if;
  if ttl_seconds is null or ttl_seconds not between 1 and 2592000 then
    raise exception 'ttl_seconds must be between 1 and 2592000' using errcode = '22023';
  end if;
  insert into private.upstream_cache as c (key, value, expires_at)
  select distinct on (e ->> 'key') e ->> 'key', e -> 'value', now() + make_interval(secs => ttl_seconds)
  from jsonb_array_elements(entries) as e
  where jsonb_typeof(e -> 'key') = 'string' and e ? 'value'
  on conflict on constraint upstream_cache_pkey do update
    set value = excluded.value, expires_at = excluded.expires_at;
  delete from private.upstream_cache
  where key in (select x.key from private.upstream_cache x where x.expires_at <= now() limit 100);
end;
$$;
comment on function public.upstream_cache_put(jsonb, integer) is
  'Caches upstream answers [{key, value}] for ttl_seconds (service_role only).';

-- Takes one token from a bucket that holds `capacity` tokens and refills
-- `refill_per_second`; when it is empty, says how many seconds until the next token.
create or replace function public.rate_limit_take(bucket_key text, capacity integer, refill_per_second double precision)
returns table (allowed boolean, retry_after_seconds integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  at_now timestamptz := clock_timestamp();
  available double precision;
  last_refill timestamptz;
begin
  if capacity is null or capacity < 1 or refill_per_second is null or refill_per_second <= 0 then
    raise exception 'capacity must be >= 1 and refill_per_second > 0' using errcode = '22023';
  end if;
  insert into private.rate_limit_buckets (bucket, tokens, refilled_at)
  values (bucket_key, capacity, at_now)
  on conflict on constraint rate_limit_buckets_pkey do nothing;
  select b.tokens, b.refilled_at into available, last_refill
  from private.rate_limit_buckets b where b.bucket = bucket_key
  for update;
  available := least(capacity::double precision,
    available + greatest(0, extract(epoch from at_now - last_refill)) * refill_per_second);
  if available >= 1 then
    update private.rate_limit_buckets set tokens = available - 1, refilled_at = at_now where bucket = bucket_key;
    allowed := true;
    retry_after_seconds := 0;
  else
    update private.rate_limit_buckets set tokens = available, refilled_at = at_now where bucket = bucket_key;
    allowed := false;
    retry_after_seconds := greatest(1, ceil((1 - available) / refill_per_second))::integer;
  end if;
  -- Buckets idle for an hour are full again: forget a few of them.
  delete from private.rate_limit_buckets
  where bucket in (
    select x.bucket from private.rate_limit_buckets x
    where x.refilled_at < at_now - interval '1 hour' limit 100
  );
  return next;
end;
$$;
comment on function public.rate_limit_take(text, integer, double precision) is
  'Token bucket of a per-client rate limit: allowed, or the seconds to wait (service_role only).';

-- Reserves the next request slot of an upstream, min_interval_ms after the previous one
-- (row lock: concurrent instances queue up). When the slot is further away than
-- max_wait_ms nothing is reserved and granted is false.
create or replace function public.upstream_claim_slot(upstream_name text, min_interval_ms integer, max_wait_ms integer)
returns table (granted boolean, wait_ms integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  at_now timestamptz := clock_timestamp();
  slot timestamptz;
begin
  if min_interval_ms is null or min_interval_ms not between 0 and 600000
     or max_wait_ms is null or max_wait_ms not between 0 and 600000 then
    raise exception 'min_interval_ms and max_wait_ms must be between 0 and 600000' using errcode = '22023';
  end if;
  insert into private.upstream_slots (upstream, next_at) values (upstream_name, at_now)
  on conflict on constraint upstream_slots_pkey do nothing;
  select s.next_at into slot from private.upstream_slots s where s.upstream = upstream_name for update;
  slot := greatest(slot, at_now);
  wait_ms := ceil(extract(epoch from slot - at_now) * 1000)::integer;
  if wait_ms > max_wait_ms then
    granted := false;
  else
    update private.upstream_slots
    set next_at = slot + make_interval(secs => min_interval_ms / 1000.0)
    where upstream = upstream_name;
    granted := true;
  end if;
  return next;
end;
$$;
comment on function public.upstream_claim_slot(text, integer, integer) is
  'Reserves the next request slot of an upstream (global 1/s policy); service_role only.';

revoke all on function public.upstream_cache_get(text[]) from public, anon, authenticated;
revoke all on function public.upstream_cache_put(jsonb, integer) from public, anon, authenticated;
revoke all on function public.rate_limit_take(text, integer, double precision) from public, anon, authenticated;
revoke all on function public.upstream_claim_slot(text, integer, integer) from public, anon, authenticated;
grant execute on function public.upstream_cache_get(text[]) to service_role;
grant execute on function public.upstream_cache_put(jsonb, integer) to service_role;
grant execute on function public.rate_limit_take(text, integer, double precision) to service_role;
grant execute on function public.upstream_claim_slot(text, integer, integer) to service_role;
