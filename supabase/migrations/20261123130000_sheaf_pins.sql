-- Pins are per person: each member pins the notes they want at the top of their own list, and
-- nobody else sees them. Until now `notes.pinned` was one flag for everyone; every existing pin
-- becomes a pin of each member of that notebook (what each of them saw), and the column goes.
--
-- A member reads, adds and removes only their own pins, and only in notebooks they can read
-- (viewers too: a pin changes nothing in the note). Leaving a notebook removes your pins there.

create table public.note_pins (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  note_id uuid not null,
  notebook_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (user_id, note_id),
  foreign key (note_id, notebook_id) references public.notes (id, notebook_id)
    on update cascade on delete cascade
);
create index note_pins_user_notebook_idx on public.note_pins (user_id, notebook_id, created_at desc);
create index note_pins_note_idx on public.note_pins (note_id, notebook_id);

insert into public.note_pins (user_id, note_id, notebook_id)
select m.user_id, n.id, n.notebook_id
from public.notes n
join public.notebook_members m on m.notebook_id = n.notebook_id
where n.pinned
on conflict do nothing;

alter table public.notes drop column pinned;

alter table public.note_pins enable row level security;
revoke all on public.note_pins from anon;

create policy "note_pins: own, in readable notebooks" on public.note_pins
  for select to authenticated
  using (
    user_id = (select auth.uid())
    and notebook_id = any (array(select public.my_notebook_ids('viewer')))
  );
create policy "note_pins: pin in readable notebooks" on public.note_pins
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and notebook_id = any (array(select public.my_notebook_ids('viewer')))
  );
create policy "note_pins: unpin own" on public.note_pins
  for delete to authenticated
  using (user_id = (select auth.uid()));
create policy "mfa: aal2 when a factor is verified" on public.note_pins
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));

-- Leaving (or being removed from) a notebook takes your pins there with you.
create or replace function public.remove_member_pins()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.note_pins p where p.user_id = old.user_id and p.notebook_id = old.notebook_id;
  return null;
end
$$;
create trigger notebook_members_remove_pins after delete on public.notebook_members
  for each row execute function public.remove_member_pins();

revoke execute on function public.remove_member_pins() from public, anon, authenticated;
