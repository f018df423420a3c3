-- Local demo data (applied by `npm start` on a new local database and by
-- `supabase db reset` on the Supabase CLI's local stack; never pushed to production).
-- Demo account: demo@example.com / demo-password

insert into auth.users (
  id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values (
  '00000000-0000-4000-8000-00000000d3d0', 'authenticated', 'authenticated', 'demo@example.com',
  '$2a$10$Ppj85GdrGDX4l.n96xKhYO7pcmSWZWAXwgOESZMt06WK7Dl.H4vsy', now(),
  '{"provider": "email", "providers": ["email"]}', '{"email": "demo@example.com"}', now(), now()
) on conflict (id) do nothing;

insert into auth.identities (id, user_id, provider, provider_id, identity_data, created_at, updated_at)
values (
  '00000000-0000-4000-8000-00000000d3d1', '00000000-0000-4000-8000-00000000d3d0', 'email',
  '00000000-0000-4000-8000-00000000d3d0',
  '{"sub": "00000000-0000-4000-8000-00000000d3d0", "email": "demo@example.com", "email_verified": true}',
  now(), now()
) on conflict do nothing;

insert into public.itineraries (id, user_id, title, stops, total_distance, total_duration) values
(
  '00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-00000000d3d0',
  'Manhattan deliveries',
  '[{"name": "Times Square, Manhattan, New York", "lat": 40.758, "lng": -73.9855},
    {"name": "Empire State Building, 350 5th Ave, New York", "lat": 40.7484, "lng": -73.9857},
    {"name": "Union Square, Manhattan, New York", "lat": 40.7359, "lng": -73.9911},
    {"name": "Brooklyn Bridge, New York", "lat": 40.7061, "lng": -73.9969}]',
  7400, 1500
),
(
  '00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-00000000d3d0',
  'Paris to Lyon',
  '[{"name": "Paris, Île-de-France, France", "lat": 48.8566, "lng": 2.3522},
    {"name": "Dijon, Bourgogne-Franche-Comté, France", "lat": 47.322, "lng": 5.0415},
    {"name": "Lyon, Auvergne-Rhône-Alpes, France", "lat": 45.764, "lng": 4.8357}]',
  465000, 16800
)
on conflict (id) do nothing;
