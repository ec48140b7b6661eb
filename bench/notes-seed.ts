// The notes benchmarks' data: 100,000 notes across 1,000 users (one notebook each, a few pinned),
// the measured user (bench1, made through the Auth API by each bench) also a viewer of 10 other
// notebooks. Bodies mix plain and accented words (café, crème brûlée) for search.
export const USERS = 1000;
export const NOTES_PER_USER = 100;
export const SHARED_WITH_USER = 10;
/** bench1 is made through the Auth API with this password so Chromium can sign in as it. */
export const EMAIL = 'bench1@example.com';
export const PASSWORD = 'bench-password-1';

export const SEED = `
insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
select gen_random_uuid(), 'authenticated', 'authenticated', 'bench' || g || '@example.com', now(), '{}', now(), now()
from generate_series(2, ${USERS}) g;

insert into public.notebooks (name, owner_id)
select 'Notebook of ' || email, id from auth.users where email like 'bench%@example.com';

insert into public.notes (notebook_id, author_id, title, body, tags, created_at, updated_at)
select n.id, n.owner_id,
  'Note ' || g || ' on ' || (array['gardening','tomatoes','kubernetes','budget','travel','recipes','physics','poetry','football','taxes'])[1 + g % 10],
  'Meeting notes about ' || (array['gardening','tomatoes','kubernetes','budget','travel','recipes','physics','poetry','football','taxes'])[1 + (g * 7) % 10]
    || ' and ' || (array['harvest','deploy','invoice','flight','oven','quantum','sonnet','café','crème brûlée','compost'])[1 + (g * 3) % 10]
    || '.' || repeat(' Lorem ipsum dolor sit amet, consectetur adipiscing elit.', 8),
  array[(array['work','home','ideas','later','urgent'])[1 + g % 5]],
  now() - (g || ' minutes')::interval,
  now() - (g || ' minutes')::interval
from public.notebooks n, generate_series(1, ${NOTES_PER_USER}) g;

insert into public.notebook_members (notebook_id, user_id, role)
select n.id, (select id from auth.users where email = 'bench1@example.com'), 'viewer'
from public.notebooks n join auth.users u on u.id = n.owner_id
where u.email in (select 'bench' || g || '@example.com' from generate_series(2, ${SHARED_WITH_USER + 1}) g);

-- Every owner pins 4 of their notes (pins are per person).
insert into public.note_pins (user_id, note_id, notebook_id)
select n.author_id, n.id, n.notebook_id from public.notes n
where n.title like 'Note 25 %' or n.title like 'Note 50 %' or n.title like 'Note 75 %' or n.title like 'Note 100 %';

analyze;
`;
