-- Sheaf's seed, run by the local stack (and `supabase db reset`) on a fresh database.
--
-- The demo account, so a first visit can sign in at once:
--   email    demo@sheaf.local
--   password sheaf-demo-2026
-- A confirmed email user with its email identity, as Supabase Auth itself stores one.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  email_change_token_current, phone_change, phone_change_token, reauthentication_token,
  is_sso_user, is_anonymous
) values (
  '00000000-0000-0000-0000-000000000000',
  'd3b07384-d113-4ec6-a2a4-7f5e0c3b1a10',
  'authenticated',
  'authenticated',
  'demo@sheaf.local',
  extensions.crypt('sheaf-demo-2026', extensions.gen_salt('bf', 10)),
  now(),
  '{"provider": "email", "providers": ["email"]}',
  '{"display_name": "Demo", "email_verified": true}',
  now(),
  now(),
  '', '', '', '', '', '', '', '',
  false,
  false
) on conflict (id) do nothing;

insert into auth.identities (
  id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at
) values (
  'a1f0c3e2-5b7d-4c8e-9f10-2b3c4d5e6f70',
  'd3b07384-d113-4ec6-a2a4-7f5e0c3b1a10',
  'd3b07384-d113-4ec6-a2a4-7f5e0c3b1a10',
  '{"sub": "d3b07384-d113-4ec6-a2a4-7f5e0c3b1a10", "email": "demo@sheaf.local", "email_verified": true, "phone_verified": false}',
  'email',
  null,
  now(),
  now()
) on conflict (provider_id, provider) do nothing;
