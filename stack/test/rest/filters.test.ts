import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { serviceClient, startRestStack } from './support.ts';

type Query = ReturnType<ReturnType<SupabaseClient['from']>['select']>;

// Each case: a filter built with postgrest-js, and the item names it must return (by id order).
const CASES: [string, (q: Query) => Query, string[]][] = [
  ['eq', (q) => q.eq('name', 'apple'), ['apple']],
  ['neq', (q) => q.neq('category', 'fruit'), ['carrot', 'Eggplant']],
  ['gt', (q) => q.gt('qty', 3), ['apple', 'Eggplant']],
  ['gte', (q) => q.gte('qty', 3), ['apple', 'daikon radish', 'Eggplant']],
  ['lt', (q) => q.lt('price', 1), ['banana', 'carrot']],
  ['lte', (q) => q.lte('price', 0.8), ['banana', 'carrot']],
  ['like', (q) => q.like('name', '*an*'), ['banana', 'Eggplant']],
  ['ilike', (q) => q.ilike('name', 'e%'), ['Eggplant']],
  ['match', (q) => q.match({ category: 'veg', qty: 7 }), ['Eggplant']],
  ['regex match (~)', (q) => q.filter('name', 'match', '^[ab]'), ['apple', 'banana']],
  ['regex imatch (~*)', (q) => q.filter('name', 'imatch', '^e'), ['Eggplant']],
  ['in', (q) => q.in('name', ['apple', 'carrot', 'nope']), ['apple', 'carrot']],
  [
    'in with a comma inside quotes',
    (q) => q.in('name', ['daikon radish', 'x,y']),
    ['daikon radish'],
  ],
  ['is null', (q) => q.is('category', null), ['daikon radish']],
  ['is true/false via not', (q) => q.not('qty', 'is', null).gt('qty', 5), ['apple', 'Eggplant']],
  [
    'isdistinct',
    (q) => q.filter('qty', 'isdistinct', '0'),
    ['apple', 'carrot', 'daikon radish', 'Eggplant'],
  ],
  ['fts with language', (q) => q.textSearch('search', 'apple', { config: 'english' }), ['apple']],
  ['plfts', (q) => q.textSearch('search', 'radish daikon', { type: 'plain' }), ['daikon radish']],
  [
    'phfts',
    (q) => q.textSearch('search', 'daikon radish', { type: 'phrase', config: 'english' }),
    ['daikon radish'],
  ],
  [
    'wfts',
    (q) => q.textSearch('search', 'radish -apple', { type: 'websearch' }),
    ['daikon radish'],
  ],
  ['eq array (quoted literal)', (q) => q.filter('tags', 'eq', '{"fruit","red"}'), ['apple']],
  ['eq array is ordered', (q) => q.filter('tags', 'eq', '{"red","fruit"}'), []],
  ['eq empty array', (q) => q.filter('tags', 'eq', '{}'), ['Eggplant']],
  ['cs array', (q) => q.contains('tags', ['fruit']), ['apple', 'banana']],
  [
    'cd array',
    (q) => q.containedBy('tags', ['fruit', 'red', 'vegetable']),
    ['apple', 'carrot', 'Eggplant'],
  ],
  ['ov array', (q) => q.overlaps('tags', ['red', 'white']), ['apple', 'daikon radish']],
  ['cs jsonb', (q) => q.contains('data', { color: 'red' }), ['apple']],
  ['ov range', (q) => q.overlaps('period', '[2,4)'), ['apple', 'banana']],
  ['sl', (q) => q.rangeLt('period', '[9,30)'), ['apple', 'banana', 'Eggplant']],
  ['sr', (q) => q.rangeGt('period', '[0,2)'), ['banana', 'carrot']],
  ['nxr', (q) => q.rangeLte('period', '[0,5)'), ['apple', 'Eggplant']],
  ['nxl', (q) => q.rangeGte('period', '[3,4)'), ['banana', 'carrot']],
  ['adj', (q) => q.rangeAdjacent('period', '[5,7)'), ['apple']],
  ['not', (q) => q.not('name', 'in', '(apple,banana)'), ['carrot', 'daikon radish', 'Eggplant']],
  ['or', (q) => q.or('qty.gt.5,category.is.null'), ['apple', 'daikon radish', 'Eggplant']],
  ['or with nested and', (q) => q.or('qty.gt.8,and(price.lt.1,qty.is.null)'), ['apple', 'carrot']],
  [
    'nested not.and inside or',
    (q) => q.or('name.eq.carrot,not.and(qty.gte.1,price.gte.1)'),
    ['banana', 'carrot'],
  ],
  ['eq(any)', (q) => q.filter('name', 'eq(any)', '{apple,carrot}'), ['apple', 'carrot']],
  [
    'like(all)',
    (q) => q.filter('name', 'like(all)', '{*a*,*n*}'),
    ['banana', 'daikon radish', 'Eggplant'],
  ],
  ['ilike(any)', (q) => q.filter('name', 'ilike(any)', '{APP*,*PLANT}'), ['apple', 'Eggplant']],
  ['gt(all)', (q) => q.filter('qty', 'gt(all)', '{1,5}'), ['apple', 'Eggplant']],
  ['json path ->>', (q) => q.eq('data->>color', 'yellow'), ['banana']],
  ['json path nested ->', (q) => q.gt('data->size->>w', '4'), ['banana']],
  ['json path -> compared as jsonb', (q) => q.eq('data->size->w', 3), ['apple']],
];

describe.each(DRIVERS)('filters on %s', (driver) => {
  let stack: TestStack;
  let db: SupabaseClient;
  beforeAll(async () => {
    stack = await startRestStack(driver);
    db = serviceClient(stack);
  });
  afterAll(() => stack?.close());

  it.each(CASES)('%s', async (_name, apply, expected) => {
    const { data, error } = await apply(db.from('items').select('name')).order('id');
    expect(error).toBeNull();
    expect((data as { name: string }[]).map((r) => r.name)).toEqual(expected);
  });

  it('filters on an embedded resource keep the parent rows unless !inner', async () => {
    const left = await db
      .from('clients')
      .select('name, projects(name)')
      .eq('projects.name', 'Laser')
      .order('id');
    expect(left.data).toEqual([
      { name: 'Acme', projects: [] },
      { name: 'Globex', projects: [{ name: 'Laser' }] },
      { name: 'Initech', projects: [] },
    ]);
    const inner = await db
      .from('clients')
      .select('name, projects!inner(name)')
      .eq('projects.name', 'Laser');
    expect(inner.data).toEqual([{ name: 'Globex', projects: [{ name: 'Laser' }] }]);
  });

  it('or on an embedded resource (referencedTable)', async () => {
    const { data } = await db
      .from('clients')
      .select('name, projects(name)')
      .or('name.eq.Rocket,name.eq.Laser', { referencedTable: 'projects' })
      .order('id');
    expect(data).toEqual([
      { name: 'Acme', projects: [{ name: 'Rocket' }] },
      { name: 'Globex', projects: [{ name: 'Laser' }] },
      { name: 'Initech', projects: [] },
    ]);
  });

  it('null filters on embedded resources (rel=not.is.null)', async () => {
    const { data } = await db
      .from('projects')
      .select('name, clients(name)')
      .not('clients', 'is', null)
      .order('id');
    expect(data?.map((r) => r.name)).toEqual(['Rocket', 'Anvil', 'Laser']);
    const orphans = await db.from('projects').select('name, clients(name)').is('clients', null);
    expect(orphans.data).toEqual([{ name: 'Orphan', clients: null }]);
  });

  it('a non-null operator on an embedded resource is PGRST120', async () => {
    const { error, status } = await db
      .from('projects')
      .select('name, clients(name)')
      .eq('clients', 'x');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST120',
      message: "Bad operator on the 'clients' embedded resource",
    });
  });

  it('an unknown operator is PGRST100 with the parse position', async () => {
    const { error, status } = await db.from('items').select('name').filter('name', 'zz', 'x');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST100',
      message: '"failed to parse filter (zz.x)" (line 1, column 3)',
      details: 'unexpected "." expecting "not" or operator (eq, gt, ...)',
      hint: null,
    });
  });

  it('hostile values stay values', async () => {
    const { data, error } = await db
      .from('items')
      .select('name')
      .eq('name', "apple'; drop table items; --");
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const still = await db.from('items').select('id', { count: 'exact', head: true });
    expect(still.count).toBe(5);
  });
});
