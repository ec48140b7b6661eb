-- Comments tell people: a person mentioned in a comment ([@Name](sheaf:user/<id>), the same form
-- as in a note's text) is told 'mention'; everyone who already took part in the thread (who
-- opened it or replied) is told 'reply' when someone else replies. Both go through
-- notify_note_people(), so nobody who cannot read the notebook is told and the author of the
-- comment never is. A person both mentioned and in the thread is told once, as mentioned. Editing
-- a comment tells only the people newly mentioned by the edit. The place is the thread:
-- anchor {"thread_id", "comment_id"}.

create or replace function public.notify_comment_people()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  mentioned uuid[] := public.mentioned_user_ids(new.body);
  place jsonb := jsonb_build_object('thread_id', new.thread_id, 'comment_id', new.id);
  earlier uuid[];
begin
  if tg_op = 'UPDATE' then
    if new.body is not distinct from old.body then
      return null;
    end if;
    select coalesce(array_agg(u), '{}') into mentioned
    from unnest(mentioned) u
    where u <> all (public.mentioned_user_ids(old.body));
  end if;
  perform public.notify_note_people(new.note_id, mentioned, 'mention', place, new.author_id);
  if tg_op = 'INSERT' then
    select coalesce(array_agg(distinct person), '{}') into earlier
    from (
      select t.author_id as person from public.comment_threads t where t.id = new.thread_id
      union
      select c.author_id from public.comments c where c.thread_id = new.thread_id and c.id <> new.id
    ) taking_part
    where person is not null and person <> all (mentioned);
    perform public.notify_note_people(new.note_id, earlier, 'reply', place, new.author_id);
  end if;
  return null;
end
$$;
revoke all on function public.notify_comment_people() from public, anon, authenticated;

create trigger comments_notify_people
  after insert or update of body on public.comments
  for each row execute function public.notify_comment_people();
