import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { rest, serviceClient, startRestStack } from './support.ts';

describe.each(DRIVERS)('reads and embedding on %s', (driver) => {
  let stack: TestStack;
  let db: SupabaseClient;
  beforeAll(async () => {
    stack = await startRestStack(driver);
    db = serviceClient(stack);
  });
  afterAll(() => stack?.close());

  it('selects columns with aliases, casts and JSON paths', async () => {
    const { data, error } = await db
      .from('items')
      .select('label:name, price::text, color:data->>color, data->size->w, first:data->list->0')
      .order('id')
      .limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([
      { label: 'apple', price: '1.50', color: 'red', w: 3, first: 1 },
      { label: 'banana', price: '0.25', color: 'yellow', w: 5, first: null },
    ]);
  });

  it('answers reads of one shape each with its own value, a bad one as Postgres judges it', async () => {
    // The second and later reads of `items?id=eq.N&select=id,name` take the first one's plan
    // (rest/template.ts): each must still get its own row, and a value Postgres refuses its error.
    for (const [id, name] of [
      [1, 'apple'],
      [2, 'banana'],
      [1, 'apple'],
    ] as const) {
      const { data, error } = await db.from('items').select('id,name').eq('id', id);
      expect(error).toBeNull();
      expect(data).toEqual([{ id, name }]);
    }
    const bad = await db.from('items').select('id,name').eq('id', 'x');
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type bigint: "x"',
    });
    const none = await db.from('items').select('id,name').eq('id', 999_999);
    expect(none).toMatchObject({ status: 200, data: [] });
  });

  it('returns typed JSON values built by Postgres', async () => {
    const { data } = await db.from('items').select('*').eq('id', 1).single();
    expect(data).toMatchObject({
      id: 1,
      name: 'apple',
      price: 1.5,
      qty: 10,
      tags: ['fruit', 'red'],
      data: { color: 'red', size: { w: 3 }, list: [1, 2] },
      period: '[1,5)',
    });
  });

  it('embeds many-to-one, one-to-many and nested levels', async () => {
    const { data } = await db
      .from('clients')
      .select('name, projects(name, tasks(name))')
      .order('id');
    expect(data).toEqual([
      {
        name: 'Acme',
        projects: [
          { name: 'Rocket', tasks: [{ name: 'Design' }, { name: 'Build' }] },
          { name: 'Anvil', tasks: [{ name: 'Test' }] },
        ],
      },
      { name: 'Globex', projects: [{ name: 'Laser', tasks: [{ name: 'Aim' }] }] },
      { name: 'Initech', projects: [] },
    ]);
    const m2o = await db.from('projects').select('name, client:clients(name)').order('id');
    expect(m2o.data?.[0]).toEqual({ name: 'Rocket', client: { name: 'Acme' } });
    expect(m2o.data?.[3]).toEqual({ name: 'Orphan', client: null });
  });

  it('embeds many-to-many through the junction table', async () => {
    const { data } = await db.from('people').select('name, tasks(name)').order('id');
    expect(data).toEqual([
      { name: 'Ann', tasks: [{ name: 'Design' }, { name: 'Build' }] },
      { name: 'Bob', tasks: [{ name: 'Build' }] },
      { name: 'Cid', tasks: [{ name: 'Aim' }] },
    ]);
  });

  it('embeds self-references: parent by column, children by table', async () => {
    const { data } = await db
      .from('family')
      .select('name, parent:parent_id(name), children:family(name)')
      .order('id');
    expect(data?.[1]).toEqual({
      name: 'Mum',
      parent: { name: 'Grandma' },
      children: [{ name: 'Kid' }],
    });
  });

  it('one-to-one embeds are objects both ways', async () => {
    const a = await db.from('countries').select('name, capitals(name)').eq('id', 1).single();
    expect(a.data).toEqual({ name: 'France', capitals: { name: 'Paris' } });
    const b = await db.from('capitals').select('name, countries(name)').eq('id', 2).single();
    expect(b.data).toEqual({ name: 'Lima', countries: { name: 'Peru' } });
  });

  it('disambiguates with !constraint and !column, and explains ambiguity with PGRST201', async () => {
    const ok = await db
      .from('messages')
      .select('body, from:people!messages_sender_fkey(name), to:people!receiver_id(name)')
      .eq('id', 1)
      .single();
    expect(ok.data).toEqual({ body: 'hi Bob', from: { name: 'Ann' }, to: { name: 'Bob' } });
    const amb = await db.from('messages').select('body, people(name)');
    expect(amb.status).toBe(300);
    expect(amb.error?.code).toBe('PGRST201');
    expect(amb.error?.message).toBe(
      "Could not embed because more than one relationship was found for 'messages' and 'people'",
    );
    expect(amb.error?.details).toEqual(
      expect.arrayContaining([
        {
          cardinality: 'many-to-one',
          embedding: 'messages with people',
          relationship: 'messages_sender_fkey using messages(sender_id) and people(id)',
        },
      ]),
    );
    expect(amb.error?.hint).toMatch(/^Try changing 'people' to one of the following: /);
  });

  it('views embed through the foreign keys of their base tables, also from another schema', async () => {
    const a = await db.from('project_list').select('title, clients(name)').order('id').limit(1);
    expect(a.data).toEqual([{ title: 'Rocket', clients: { name: 'Acme' } }]);
    const b = await db.from('clients').select('name, project_list(title)').eq('id', 2);
    expect(b.data).toEqual([{ name: 'Globex', project_list: [{ title: 'Laser' }] }]);
    const c = await db.from('people').select('name, accounts(balance)').order('id');
    expect(c.data).toEqual([
      { name: 'Ann', accounts: [{ balance: 100 }] },
      { name: 'Bob', accounts: [{ balance: 50 }] },
      { name: 'Cid', accounts: [] },
    ]);
  });

  it('computed relationships embed like foreign keys', async () => {
    const { data } = await db
      .from('projects')
      .select('name, done_tasks(name)')
      .order('id')
      .limit(3);
    expect(data).toEqual([
      { name: 'Rocket', done_tasks: [{ name: 'Design' }] },
      { name: 'Anvil', done_tasks: [{ name: 'Test' }] },
      { name: 'Laser', done_tasks: [] },
    ]);
  });

  it('computed relationships returning one row, or declared rows 1, embed as an object', async () => {
    const { data, error } = await db
      .from('projects')
      .select('name, owner_client(name), first_task(name)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Rocket', owner_client: { name: 'Acme' }, first_task: { name: 'Design' } },
      { name: 'Anvil', owner_client: { name: 'Acme' }, first_task: { name: 'Test' } },
      { name: 'Laser', owner_client: { name: 'Globex' }, first_task: { name: 'Aim' } },
      // A function returning one row returns a row of nulls when it finds none: PostgREST
      // embeds that row as it is.
      { name: 'Orphan', owner_client: null, first_task: { name: null } },
    ]);
  });

  it('spreads a to-one embed into the parent and a to-many one into arrays', async () => {
    const one = await db
      .from('projects')
      .select('name, ...clients(client:name)')
      .order('id')
      .limit(1);
    expect(one.data).toEqual([{ name: 'Rocket', client: 'Acme' }]);
    const many = await db.from('clients').select('name, ...projects(names:name)').eq('id', 1);
    expect(many.data).toEqual([{ name: 'Acme', names: ['Rocket', 'Anvil'] }]);
  });

  it('orders, limits and offsets embedded resources', async () => {
    const { data } = await db
      .from('clients')
      .select('name, projects(name)')
      .order('name', { referencedTable: 'projects', ascending: false })
      .limit(1, { referencedTable: 'projects' })
      .eq('id', 1);
    expect(data).toEqual([{ name: 'Acme', projects: [{ name: 'Rocket' }] }]);
  });

  it('orders by a to-one embedded column, refuses to-many (PGRST118)', async () => {
    const res = await rest(
      stack,
      '/projects?select=name,clients(name)&clients=not.is.null&order=clients(name).desc,id',
    );
    expect((await res.json()).map((r: { name: string }) => r.name)).toEqual([
      'Laser',
      'Rocket',
      'Anvil',
    ]);
    const bad = await rest(stack, '/clients?select=name,projects(name)&order=projects(name)');
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('PGRST118');
  });

  it('orders with nulls first/last', async () => {
    const first = await db
      .from('items')
      .select('name')
      .order('qty', { ascending: true, nullsFirst: true });
    expect(first.data?.[0]).toEqual({ name: 'carrot' });
    const last = await db
      .from('items')
      .select('name')
      .order('qty', { ascending: false, nullsFirst: false });
    expect(last.data?.map((r) => r.name)).toEqual([
      'apple',
      'Eggplant',
      'daikon radish',
      'banana',
      'carrot',
    ]);
  });

  it('range() sets limit and offset; count=exact fills Content-Range and 206', async () => {
    const { data, count, status } = await db
      .from('items')
      .select('name', { count: 'exact' })
      .order('id')
      .range(1, 2);
    expect(data).toEqual([{ name: 'banana' }, { name: 'carrot' }]);
    expect(count).toBe(5);
    expect(status).toBe(206);
    const res = await rest(stack, '/items?select=name&order=id', {
      headers: { Range: '0-1', Prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-1/5');
    expect(res.headers.get('preference-applied')).toBe('count=exact');
  });

  it('count=planned and estimated give a number; head requests have no body', async () => {
    const planned = await db.from('items').select('*', { count: 'planned', head: true });
    expect(typeof planned.count).toBe('number');
    expect(planned.data).toBeNull();
    const estimated = await db.from('items').select('*', { count: 'estimated', head: true });
    expect(estimated.count).toBe(5);
  });

  it('an offset past the end is 416 PGRST103', async () => {
    const res = await rest(stack, '/items?offset=10', { headers: { Prefer: 'count=exact' } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('*/5');
    expect(await res.json()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 5 rows.',
      hint: null,
    });
  });

  it('caps rows at [api] max_rows', async () => {
    const limited = await startRestStackWithMaxRows(driver);
    try {
      const res = await rest(limited, '/items?select=id', { headers: { Prefer: 'count=exact' } });
      expect(await res.json()).toHaveLength(2);
      expect(res.headers.get('content-range')).toBe('0-1/5');
    } finally {
      await limited.close();
    }
  });

  it('count as a column counts rows (Postgres functional notation), also in embeds', async () => {
    expect((await db.from('items').select('count')).data).toEqual([{ count: 5 }]);
    const { data } = await db.from('clients').select('name, projects(count)').order('id');
    expect(data).toEqual([
      { name: 'Acme', projects: [{ count: 2 }] },
      { name: 'Globex', projects: [{ count: 1 }] },
      { name: 'Initech', projects: [{ count: 0 }] },
    ]);
  });

  it('aggregates are refused until pgrst.db_aggregates_enabled, then group by the other columns', async () => {
    const refused = await db.from('items').select('count()');
    expect(refused.error).toMatchObject({
      code: 'PGRST123',
      message: 'Use of aggregate functions is not allowed',
    });
    const dbName = (await stack.db.query<{ d: string }>('select current_database() as d')).rows[0]!
      .d;
    await stack.db.exec(
      `alter role authenticator in database "${dbName}" set pgrst.db_aggregates_enabled = 'true'; notify pgrst, 'reload config';`,
    );
    await expect
      .poll(async () => (await db.from('items').select('count()')).data, { timeout: 5000 })
      .toEqual([{ count: 5 }]);
    const grouped = await db
      .from('items')
      .select('category, total:price.sum(), qty.max(), count()')
      .order('category');
    expect(grouped.data).toEqual([
      { category: 'fruit', total: 1.75, max: 10, count: 2 },
      { category: 'veg', total: 0.8, max: 7, count: 2 },
      { category: null, total: 2, max: 3, count: 1 },
    ]);
    await stack.db.exec(
      `alter role authenticator in database "${dbName}" reset pgrst.db_aggregates_enabled; notify pgrst, 'reload config';`,
    );
  });
});

async function startRestStackWithMaxRows(driver: TestStack['driver']): Promise<TestStack> {
  const { startTestStack } = await import('../support/stack.ts');
  return startTestStack({
    driver,
    fixture: 'rest',
    config: '[api]\nschemas = ["public", "other"]\nmax_rows = 2\n',
  });
}
