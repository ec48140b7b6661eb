-- Foreign keys from members, notes and attachments to profiles, so the REST API can embed a
-- person's display name and avatar (auth.users is not exposed): e.g.
--   notebook_members?select=role,profiles(display_name,avatar_path)
--   notes?select=title,author:profiles!notes_author_profile_fkey(display_name)
-- Every user has a profile (created with the user, removed with the user), so these hold
-- whenever the auth.users keys do.
alter table public.notebook_members
  add constraint notebook_members_profile_fkey
  foreign key (user_id) references public.profiles (id) on delete cascade;

alter table public.notes
  add constraint notes_author_profile_fkey
  foreign key (author_id) references public.profiles (id) on delete set null;

alter table public.attachments
  add constraint attachments_created_by_profile_fkey
  foreign key (created_by) references public.profiles (id) on delete set null;

alter table public.invitations
  add constraint invitations_invited_by_profile_fkey
  foreign key (invited_by) references public.profiles (id) on delete set null;
