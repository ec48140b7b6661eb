-- Read policies in the form the planner can use an index for: the caller's notebooks become one
-- array computed once per query (an InitPlan), and `notebook_id = any (array)` is an index
-- condition. With `in (select …)` the check was a hashed subplan applied row by row, so a search
-- across readable notebooks scanned the whole table in updated_at order; now it reads only the
-- caller's notebooks (measured in bench/notes.bench.ts). Same rows are visible as before.
alter function public.my_notebook_ids(text) rows 20;

alter policy "notebooks: members read" on public.notebooks
  using (owner_id = (select auth.uid()) or id = any (array(select public.my_notebook_ids('viewer'))));

alter policy "members: members read" on public.notebook_members
  using (notebook_id = any (array(select public.my_notebook_ids('viewer'))));

alter policy "notes: members read" on public.notes
  using (notebook_id = any (array(select public.my_notebook_ids('viewer'))));

alter policy "attachments: members read" on public.attachments
  using (notebook_id = any (array(select public.my_notebook_ids('viewer'))));
