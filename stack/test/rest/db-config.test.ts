// What the database turns on for PostgREST, as on hosted Supabase: aggregates
// (pgrst.db_aggregates_enabled) combined with spreads — the spread's columns group, aggregates
// inside a to-one spread are computed one level up — and execution plans
// (pgrst.db_plan_enabled, `explain()`).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { rest, serviceClient } from './support.ts';

const ENABLE = `do $$ begin
  execute format('alter role authenticator in database %I set pgrst.db_aggregates_enabled = true',
    current_database());
  execute format('alter role authenticator in database %I set pgrst.db_plan_enabled = true',
    current_database());
end $$;`;

describe.each(DRIVERS)('aggregates and execution plans on %s', (driver) => {
  let stack: TestStack;
  let db: SupabaseClient;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      fixture: 'rest',
      migrations: { '20240201000000_enable.sql': ENABLE },
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

  it('answers explain() with the plan of the query, as JSON or text', async () => {
    const json = await db.from('items').select('name').eq('id', 1).explain({ format: 'json' });
    expect(json.error).toBeNull();
    expect(json.data).toEqual([expect.objectContaining({ Plan: expect.any(Object) })]);
    const text = await db.from('items').select('name').explain();
    expect(text.data).toMatch(/^Aggregate {2}\(cost=/);
    const res = await rest(stack, '/items?select=name', {
      headers: {
        Accept: 'application/vnd.pgrst.plan+json; for="application/json"; options=verbose',
      },
    });
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; options=verbose; charset=utf-8',
    );
  });

  it('undoes what explain({ analyze: true }) of a write did', async () => {
    const { data, error } = await db
      .from('clients')
      .insert({ id: 99, name: 'Explained' })
      .explain({ analyze: true, format: 'json' });
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ 'Execution Time': expect.any(Number) })]);
    expect((await db.from('clients').select('id').eq('id', 99)).data).toEqual([]);
  });
});
