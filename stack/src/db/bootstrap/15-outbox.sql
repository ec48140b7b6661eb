-- The outbox: every email and SMS the stack sends, kept for the /inbox page and its JSON API.
create table if not exists sheaf_stack.outbox_messages (
  id bigserial primary key,
  created_at timestamptz not null default now(),
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text not null default '',
  body_text text not null default '',
  body_html text,
  code text,
  link text,
  kind text not null default ''
);
create index if not exists outbox_messages_recipient_idx
  on sheaf_stack.outbox_messages (lower(recipient), id desc);
-- The auth service queues its emails and SMS inside its own transactions (as supabase_auth_admin).
grant usage on schema sheaf_stack to supabase_auth_admin;
grant insert on sheaf_stack.outbox_messages to supabase_auth_admin;
grant usage on sequence sheaf_stack.outbox_messages_id_seq to supabase_auth_admin;
