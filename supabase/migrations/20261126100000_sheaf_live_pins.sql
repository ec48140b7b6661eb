-- Pins live: a person's pins change on every screen they have open (another tab, another
-- device) within a second, as the rest of their lists do. Pins are not published for Postgres
-- Changes: a deleted pin's key names a person and a note and would reach every subscriber of
-- the table (deletes are not filtered by policies). The database broadcasts each change on the
-- person's own private `user:<id>` topic instead, which only they receive (see the policies on
-- realtime.messages in 20261125120000_sheaf_collab_realtime.sql).
create or replace function public.broadcast_pin_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  pin public.note_pins := coalesce(new, old);
begin
  perform realtime.send(
    jsonb_build_object(
      'note_id', pin.note_id,
      'notebook_id', pin.notebook_id,
      'pinned', tg_op = 'INSERT'
    ),
    'pins', 'user:' || pin.user_id::text, true);
  return null;
end
$$;
create trigger note_pins_broadcast
  after insert or delete on public.note_pins
  for each row execute function public.broadcast_pin_change();

revoke execute on function public.broadcast_pin_change() from public, anon, authenticated;
