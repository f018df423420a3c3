-- "Delete my account": a signed-in user deletes their own account and everything stored
-- for it, in one transaction (all of it or, on any failure, nothing).
--
-- Hosted Supabase deletes users through the Auth admin API (service-role key);
-- @supabase/lite, the local stack, has no admin API. A security-definer function that
-- deletes the caller's own auth.users row works the same on both: Auth's own tables
-- (identities, sessions, refresh tokens) and this project's itineraries and share links
-- reference auth.users with ON DELETE CASCADE. The itineraries and links are deleted
-- explicitly first anyway, so what the function removes reads here in one place.
--
-- Who: auth.uid(), the `sub` of the caller's verified JWT, and nobody else; there is no
-- argument to name another account. EXECUTE for `authenticated` only (not anon, not
-- service_role: operators delete accounts in the dashboard, see docs/operations.md).
create or replace function public.delete_own_account()
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Only a signed-in user can delete their own account' using errcode = '42501';
  end if;
  delete from public.itinerary_shares where user_id = caller;
  delete from public.itineraries where user_id = caller;
  delete from auth.users where id = caller;
  if not found then
    raise exception 'There is no account to delete' using errcode = 'P0002';
  end if;
end;
$$;
comment on function public.delete_own_account() is
  'Deletes the calling user''s account (auth.users), itineraries and share links at once; signed-in users only, never another account.';

revoke all on function public.delete_own_account() from public, anon, authenticated, service_role;
grant execute on function public.delete_own_account() to authenticated;
