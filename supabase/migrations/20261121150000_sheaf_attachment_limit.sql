-- A note holds at most 20 attachments, whoever writes them: the app says so before it uploads,
-- and this keeps any other client (or two uploads racing for the last place) to the same rule.
-- The check sees every attachment of the note, not only those the writer may read, and one
-- insert per note at a time gets to count.
create or replace function public.attachments_limit_per_note()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(new.note_id::text, 0));
  if (select count(*) from public.attachments where note_id = new.note_id) >= 20 then
    raise exception 'a note holds at most 20 attachments'
      using errcode = 'check_violation',
            hint = 'Remove an attachment from this note before adding another.';
  end if;
  return new;
end;
$$;

revoke execute on function public.attachments_limit_per_note() from public, anon, authenticated;

create trigger attachments_limit_per_note
  before insert on public.attachments
  for each row execute function public.attachments_limit_per_note();
