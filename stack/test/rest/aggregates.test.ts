// Aggregates with pgrst.db_aggregates_enabled on (as on hosted Supabase), combined with spreads:
// the spread's columns group, and aggregates inside a to-one spread are computed one level up.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { serviceClient } from './support.ts';

const ENABLE = `do $$ begin
  execute format('alter role authenticator in database %I set pgrst.db_aggregates_enabled = true',
    current_database());
end $$;`;

describe.each(DRIVERS)('aggregates with spreads on %s', (driver) => {
  let stack: TestStack;
  let db: SupabaseClient;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      fixture: 'rest',
      migrations: { '20240201000000_aggregates.sql': ENABLE },
    });
    db = serviceClient(stack);
  });
  afterAll(() => stack?.close());

  it('groups a count by the columns a to-one spread lifts', async () => {
    const { data, error } = await db
      .from('clients')
      .select('name, projects(count(), ...clients(client:name))')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Acme', projects: [{ count: 2, client: 'Acme' }] },
      { name: 'Globex', projects: [{ count: 1, client: 'Globex' }] },
      { name: 'Initech', projects: [] },
    ]);
  });

  it('expands * of a spread under an aggregate into its columns', async () => {
    const { data, error } = await db
      .from('tasks')
      .select('done, count(), ...projects(*)')
      .eq('project_id', 1);
    expect(error).toBeNull();
    expect(data).toEqual(
      expect.arrayContaining([
        { done: true, count: 1, id: 1, name: 'Rocket', client_id: 1 },
        { done: false, count: 1, id: 1, name: 'Rocket', client_id: 1 },
      ]),
    );
  });

  it('computes aggregates inside a to-one spread at the level above', async () => {
    const { data, error } = await db
      .from('projects')
      .select('client_id, total:id.sum(), ...clients(client_max:id.max(), name)')
      .not('client_id', 'is', null)
      .order('client_id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { client_id: 1, total: 3, client_max: 1, name: 'Acme' },
      { client_id: 2, total: 3, client_max: 2, name: 'Globex' },
    ]);
  });

  it('counts the rows a to-one spread joined when count() sits inside it', async () => {
    const { data, error } = await db.from('projects').select('...clients(count())');
    expect(error).toBeNull();
    expect(data).toEqual([{ count: 3 }]);
  });
});
