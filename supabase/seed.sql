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

-- The demo's notebook: a few notes that show what Sheaf does (Markdown with tasks, a table and
-- code, tags, search, a picture kept as an attachment). The picture's bytes come from
-- [storage.buckets.attachments] objects_path (seed/attachments/…), uploaded at start.
insert into public.notebooks (id, name, owner_id, created_at, updated_at)
values ('5eed0000-0000-4000-8000-00000000b001', 'Welcome to Sheaf',
        'd3b07384-d113-4ec6-a2a4-7f5e0c3b1a10', now() - interval '2 days', now())
on conflict (id) do nothing;

insert into public.notes (id, notebook_id, author_id, title, tags, created_at, updated_at, body)
values
(
  '5eed0000-0000-4000-8000-00000000c001',
  '5eed0000-0000-4000-8000-00000000b001',
  'd3b07384-d113-4ec6-a2a4-7f5e0c3b1a10',
  'Start here',
  '{welcome}',
  now() - interval '2 days',
  now(),
  $md$Sheaf keeps your notes and files together, and lets you share a notebook with the people you work with: you see each other's edits as you type.

## Try these

- [x] Sign in with the demo account
- [ ] Tick this box in the preview: tasks are saved with the note
- [ ] Press **Ctrl+K** (⌘K on a Mac) and type `zebr` or `cafe`
- [ ] Create a notebook of your own and share it by email
- [ ] Bring a folder of Markdown files in with **Import and export**

![Sheaf at a glance](attachment:5eed0000-0000-4000-8000-00000000b001/5eed0000-0000-4000-8000-00000000c001/sheaf-at-a-glance.svg)

Everything here is plain Markdown. Export a notebook as a ZIP and it opens in any notes app.$md$
),
(
  '5eed0000-0000-4000-8000-00000000c002',
  '5eed0000-0000-4000-8000-00000000b001',
  'd3b07384-d113-4ec6-a2a4-7f5e0c3b1a10',
  'Markdown in Sheaf',
  '{reference,markdown}',
  now() - interval '2 days',
  now() - interval '1 hour',
  $md$# Markdown in Sheaf

Write **bold**, *italic*, ~~struck through~~ and `inline code`. Links turn into links by themselves: https://supabase.com

## Lists and tasks

1. Numbered lists
2. keep their order
   - and can nest

- [x] Task lists
- [ ] can be ticked in the preview

## Tables

| Shortcut | What it does |
|---|---|
| Ctrl+K | Search every notebook |
| ? | Show all keyboard shortcuts |

## Code

```ts
// Highlighted by language
function greet(name: string): string {
  return `Hello, ${name}!`;
}
```

> Quotes stand out, too.$md$
),
(
  '5eed0000-0000-4000-8000-00000000c003',
  '5eed0000-0000-4000-8000-00000000b001',
  'd3b07384-d113-4ec6-a2a4-7f5e0c3b1a10',
  'Weekend in Lisbon',
  '{travel}',
  now() - interval '1 day',
  now() - interval '2 hours',
  $md$Three days, mostly on foot.

## Plan

- [x] Book the flight
- [ ] Tram 28 early, before the queues
- [ ] Coffee and a pastel de nata at a café in Chiado
- [ ] Cross the zebra crossing on Rua Augusta like a local

## Budget

| Item | Cost (€) |
|---|---:|
| Flights | 180 |
| Guesthouse, 2 nights | 160 |
| Food and trams | 90 |
| **Total** | **430** |$md$
),
(
  '5eed0000-0000-4000-8000-00000000c004',
  '5eed0000-0000-4000-8000-00000000b001',
  'd3b07384-d113-4ec6-a2a4-7f5e0c3b1a10',
  'Team meeting',
  '{work}',
  now() - interval '1 day',
  now() - interval '3 hours',
  $md$**Who:** Ana, Ben, Chloé

## Decisions

- Ship the new onboarding on Monday
- Keep the weekly demo, shorten it to 20 minutes

## Next steps

- [ ] Ana: write the release notes
- [ ] Ben: check the sign-up emails on a phone
- [x] Chloé: share this notebook with the team$md$
)
on conflict (id) do nothing;

insert into public.attachments (id, note_id, notebook_id, path, file_name, size_bytes, mime_type, created_by, created_at)
values (
  '5eed0000-0000-4000-8000-00000000a001',
  '5eed0000-0000-4000-8000-00000000c001',
  '5eed0000-0000-4000-8000-00000000b001',
  '5eed0000-0000-4000-8000-00000000b001/5eed0000-0000-4000-8000-00000000c001/sheaf-at-a-glance.svg',
  'sheaf-at-a-glance.svg',
  1792,
  'image/svg+xml',
  'd3b07384-d113-4ec6-a2a4-7f5e0c3b1a10',
  now() - interval '2 days'
) on conflict (id) do nothing;
