// The schema the Realtime tests run against, as a project's migrations would set it up: tables
// with RLS and column privileges, published for Postgres Changes; private channel policies on
// realtime.messages that admit members of a room and let only writers send.
import { randomUUID } from 'node:crypto';
import type { TestStack } from '../support/stack.ts';

export const REALTIME_MIGRATION = `
create table public.todos (
  id bigint generated always as identity primary key,
  owner uuid not null default auth.uid(),
  title text not null,
  done boolean not null default false,
  priority int not null default 0,
  tags text[] not null default '{}',
  due timestamptz,
  secret text
);
alter table public.todos enable row level security;
create policy "owners read" on public.todos for select to authenticated using (owner = auth.uid());
create policy "owners write" on public.todos for all to authenticated
  using (owner = auth.uid()) with check (owner = auth.uid());
revoke select on public.todos from anon, authenticated;
grant select (id, owner, title, done, priority, tags, due) on public.todos to anon, authenticated;

create table public.notices (id bigint generated always as identity primary key, body text);
alter table public.notices replica identity full;

create table public.rooms (id text primary key, name text);
create table public.room_members (
  room text not null references public.rooms (id) on delete cascade,
  member uuid not null,
  writer boolean not null default false,
  primary key (room, member)
);
create table public.room_notes (
  id bigint generated always as identity primary key,
  room text not null references public.rooms (id) on delete cascade,
  body text
);
alter table public.room_notes enable row level security;
create policy "members read" on public.room_notes for select to authenticated using (
  exists (select 1 from public.room_members m where m.room = room_notes.room and m.member = auth.uid()));

create table public.ordered (id bigint generated always as identity primary key, n int not null);
create table public.counter (id int primary key, n int not null);
insert into public.counter values (1, 0);

alter publication supabase_realtime add table public.todos, public.notices, public.room_notes,
  public.ordered;

-- Private channels "lab:<n>": broadcasts readable by any signed-in user, presence only with the
-- claim presence_ok; "broken": an insert policy that fails.
create policy "lab broadcast read" on realtime.messages for select to authenticated using (
  realtime.topic() like 'lab:%' and extension = 'broadcast');
create policy "lab presence read" on realtime.messages for select to authenticated using (
  realtime.topic() like 'lab:%' and extension = 'presence'
  and coalesce((auth.jwt() ->> 'presence_ok')::boolean, false));
create policy "broken send" on realtime.messages for insert to authenticated with check (
  case when realtime.topic() = 'broken'
       then (select 1 / (count(*) - count(*)) from (select 1) one) = 1 else false end);

-- Private channels "slow:<n>": any signed-in user reads and tracks, but each write check takes
-- 0.4 s (a policy reading a busy table), long enough for a socket to close meanwhile.
create policy "slow read" on realtime.messages for select to authenticated using (
  realtime.topic() like 'slow:%');
create policy "slow write" on realtime.messages for insert to authenticated with check (
  realtime.topic() like 'slow:%' and (select true from pg_sleep(0.4)));

-- Private channels "room:<id>": members read, writers send.
create policy "room members read" on realtime.messages for select to authenticated using (
  exists (select 1 from public.room_members m
          where 'room:' || m.room = realtime.topic() and m.member = auth.uid()));
create policy "room writers send" on realtime.messages for insert to authenticated with check (
  exists (select 1 from public.room_members m
          where 'room:' || m.room = realtime.topic() and m.member = auth.uid() and m.writer));
`;

export interface User {
  id: string;
  token: string;
}

/** A user id and a fresh access token for it. */
export async function newUser(stack: TestStack, exp = 3600): Promise<User> {
  const id = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const token = await stack.keys.signAccessToken({
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + exp,
  });
  return { id, token };
}

/** Adds `user` to room `room` (created if needed). */
export async function addMember(stack: TestStack, room: string, user: User, writer = false) {
  await stack.db.query('insert into public.rooms (id) values ($1) on conflict do nothing', [room]);
  await stack.db.query(
    `insert into public.room_members (room, member, writer) values ($1, $2, $3)
     on conflict (room, member) do update set writer = excluded.writer`,
    [room, user.id, writer],
  );
}
