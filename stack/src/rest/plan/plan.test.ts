import { describe, expect, it } from 'vitest';
import { fixtureCache, planFor, requestFor } from '../../../test/fixtures/rest/schema-cache.ts';
import { PlanError } from '../errors.ts';
import { plan } from './plan.ts';
import type { CallPlan, MutatePlan, ReadPlan } from './types.ts';

const planOf = planFor;

function failure(fn: () => unknown): PlanError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PlanError) return error;
    throw error;
  }
  throw new Error('expected a PlanError');
}

describe('reads', () => {
  it('place each filter, order and limit on the level its path names', () => {
    const p = planOf(
      'GET',
      '/clients?select=name,projects(name)&projects.name=eq.x&projects.order=id.desc&projects.limit=2&id=gt.1',
    ) as ReadPlan;
    expect(p.root.where).toHaveLength(1);
    const projects = p.root.embeds[0]!;
    expect(projects).toMatchObject({ outputName: 'projects', toOne: false });
    expect(projects.rel.cardinality).toBe('o2m');
    expect(projects.node.where).toHaveLength(1);
    expect(projects.node.order).toEqual([{ field: { name: 'id', json: [] }, direction: 'desc' }]);
    expect(projects.node.limit).toBe(2);
  });

  it('apply max_rows to the root limit and keep the offset asked for', () => {
    const p = planOf('GET', '/items?limit=5000&offset=3') as ReadPlan;
    expect(p.rootLimit).toBe(1000);
    expect(p.offset).toBe(3);
  });

  it('intersect the Range header with limit and offset', () => {
    const p = planOf('GET', '/items?limit=10', { headers: { Range: '2-4' } }) as ReadPlan;
    expect(p.root.offset).toBe(2);
    expect(p.root.limit).toBe(3);
  });

  it('keep * as one field when nothing needs the column names', () => {
    const p = planOf('GET', '/projects?select=*,clients(*)') as ReadPlan;
    expect(p.root.fields).toEqual([{ type: 'field', field: { name: '*', json: [] } }]);
  });

  it('expand * into the columns under an aggregate, which groups by them', () => {
    const p = planOf('GET', '/projects?select=*,id.count()') as ReadPlan;
    expect(p.root.fields.map((f) => f.field.name)).toEqual(['id', 'name', 'client_id', 'id']);
  });

  it('record the columns a to-one spread lifts and the arrays a to-many spread makes', () => {
    const p = planOf('GET', '/projects?select=name,...clients(*),...tasks(name)') as ReadPlan;
    const [client, tasks] = p.root.embeds;
    expect(client).toMatchObject({ spread: true, toOne: true, spreadColumns: ['id', 'name'] });
    expect(tasks).toMatchObject({ spread: true, toOne: false, spreadColumns: ['name'] });
  });

  it('hoist aggregates out of a to-one spread to the level that groups', () => {
    const p = planOf(
      'GET',
      '/projects?select=id.sum(),...clients(client_sum:id.sum(),name)',
    ) as ReadPlan;
    const client = p.root.embeds[0]!;
    expect(p.root.hoisted).toEqual([
      {
        relationAlias: client.node.alias,
        column: 'pgrst_hoist_1',
        aggregate: 'sum',
        outputName: 'client_sum',
      },
    ]);
    expect(client.node.fields.map((f) => f.alias ?? f.field.name)).toEqual([
      'pgrst_hoist_1',
      'name',
    ]);
    expect(client.spreadColumns).toEqual(['name']);
  });

  it('embed computed relationships: setof as many, rows 1 as one', () => {
    const p = planOf('GET', '/projects?select=done_tasks(name),owner(name)') as ReadPlan;
    expect(p.root.embeds.map((e) => [e.outputName, e.toOne])).toEqual([
      ['done_tasks', false],
      ['owner', true],
    ]);
  });

  it('embed many-to-many through the junction and one-to-one as an object', () => {
    const p = planOf('GET', '/people?select=tasks(name)') as ReadPlan;
    expect(p.root.embeds[0]!.rel.junction?.table.name).toBe('people_tasks');
    const q = planOf('GET', '/projects?select=project_details(details)') as ReadPlan;
    expect(q.root.embeds[0]).toMatchObject({ toOne: true });
  });

  it('refuse an ambiguous embed with PGRST201 and the hints to choose', () => {
    const error = failure(() => planOf('GET', '/messages?select=people(name)'));
    expect(error).toMatchObject({ status: 300, code: 'PGRST201' });
    expect(error.hint).toContain("'people!messages_receiver_fkey'");
  });

  it('answer 42712 for sibling embeds with the same name, as PostgREST’s SQL does', () => {
    const error = failure(() =>
      planOf(
        'GET',
        '/messages?select=people!messages_sender_fkey(*),people!messages_receiver_fkey(*)',
      ),
    );
    expect(error).toMatchObject({ status: 400, code: '42712' });
    expect(error.message).toBe('table name "messages_people_1" specified more than once');
  });

  it('refuse an unknown table with PGRST205 and a close name', () => {
    const error = failure(() => planOf('GET', '/projectz'));
    expect(error).toMatchObject({ status: 404, code: 'PGRST205' });
    expect(error.hint).toBe("Perhaps you meant the table 'public.projects'");
    expect(failure(() => planOf('GET', '/zzz')).hint).toBeNull();
  });

  it('refuse aggregates when they are disabled (PGRST123)', () => {
    const off = fixtureCache({ aggregates: false });
    expect(() => plan(requestFor('GET', '/items?select=count()'), off)).toThrow(
      expect.objectContaining({ code: 'PGRST123' }),
    );
  });

  it('refuse filters on a resource that is not embedded (PGRST108) and related orders on to-many (PGRST118)', () => {
    expect(failure(() => planOf('GET', '/clients?projects.id=eq.1')).code).toBe('PGRST108');
    expect(
      failure(() => planOf('GET', '/clients?select=projects(id)&order=projects(id)')).code,
    ).toBe('PGRST118');
  });
});

describe('writes', () => {
  it('take the columns from the body’s keys, typed from the cache', () => {
    const p = planOf('POST', '/items', {
      body: '[{"name":"a","price":1},{"name":"b","price":2}]',
    }) as MutatePlan;
    expect(p.columns).toEqual([
      { name: 'name', type: 'text', default: null },
      { name: 'price', type: 'numeric', default: null },
    ]);
    expect(p.body).toBe('[{"name":"a","price":1},{"name":"b","price":2}]');
  });

  it('take the columns from columns= and keep their defaults for missing=default', () => {
    const p = planOf('POST', '/items?columns=id,name', {
      body: '[{"name":"a"}]',
      headers: { Prefer: 'missing=default' },
    }) as MutatePlan;
    expect(p.applyDefaults).toBe(true);
    expect(p.columns[0]).toEqual({
      name: 'id',
      type: 'bigint',
      default: "nextval('items_id_seq'::regclass)",
    });
  });

  it('refuse an unknown column with PGRST204', () => {
    expect(failure(() => planOf('POST', '/items', { body: '{"nope":1}' })).code).toBe('PGRST204');
  });

  it('hold PUT to the primary key: PGRST105, PGRST114, PGRST115', () => {
    expect(failure(() => planOf('PUT', '/items?name=eq.a', { body: '{"id":1}' })).code).toBe(
      'PGRST105',
    );
    expect(failure(() => planOf('PUT', '/items?id=eq.1&limit=1', { body: '{"id":1}' })).code).toBe(
      'PGRST114',
    );
    expect(failure(() => planOf('PUT', '/items?id=eq.1', { body: '{"id":2}' })).code).toBe(
      'PGRST115',
    );
    const p = planOf('PUT', '/items?id=eq.1', { body: '{"id":1,"name":"x"}' }) as MutatePlan;
    expect(p.onConflict).toEqual({ columns: ['id'], resolution: 'merge-duplicates' });
  });

  it('use on_conflict with a resolution preference', () => {
    const p = planOf('POST', '/items?on_conflict=name', {
      body: '{"name":"x"}',
      headers: { Prefer: 'resolution=ignore-duplicates' },
    }) as MutatePlan;
    expect(p.onConflict).toEqual({ columns: ['name'], resolution: 'ignore-duplicates' });
  });
});

describe('calls', () => {
  const call = (target: string, init: Parameters<typeof planOf>[2] = {}) =>
    planOf(init.body === undefined ? 'GET' : 'POST', `/rpc/${target}`, init) as CallPlan;

  it('pass named JSON arguments, only those given', () => {
    const p = call('add', { body: '{"a":1,"b":2}' });
    expect(p.read.root.source).toMatchObject({
      kind: 'call',
      args: { mode: 'json', json: '{"a":1,"b":2}' },
    });
  });

  it('call fn() when an optional argument is left out, by GET or POST', () => {
    expect(call('greet').read.root.source).toMatchObject({ args: { mode: 'none' } });
    expect(call('greet', { body: '{}' }).read.root.source).toMatchObject({
      args: { mode: 'none' },
    });
    expect(call('greet?name=x').read.root.source).toMatchObject({
      args: { mode: 'text', values: [{ param: { name: 'name' }, value: 'x' }] },
    });
  });

  it('pass the whole body to a single unnamed parameter of its media type', () => {
    expect(call('echo', { body: '{"any":1}' }).read.root.source).toMatchObject({
      args: { mode: 'positional', value: '{"any":1}', type: 'json' },
    });
    const text = call('echo_text', {
      body: 'plain words',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.read.root.source).toMatchObject({
      args: { mode: 'positional', value: 'plain words', type: 'text' },
    });
  });

  it('pass each repeated value of a variadic argument', () => {
    expect(call('sum_all?vals=1&vals=2').read.root.source).toMatchObject({
      args: { mode: 'text', values: [{ value: ['1', '2'] }] },
    });
  });

  it('choose the overload whose parameter names fit, and say PGRST203 when several do', () => {
    expect(call('overloaded').routine.params).toEqual([]);
    const error = failure(() => call('overloaded', { body: '{"a":1}' }));
    expect(error).toMatchObject({ status: 300, code: 'PGRST203' });
    expect(error.message).toBe(
      'Could not choose the best candidate function between: public.overloaded(a => integer), public.overloaded(a => text)',
    );
  });

  it('answer PGRST202 with PostgREST’s details and a null hint when nothing is close', () => {
    const error = failure(() => call('add', { body: '{"a":1,"c":2}' }));
    expect(error.body()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.add(a, c) in the schema cache',
      details:
        'Searched for the function public.add with parameters a, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add(a, b)',
    });
    expect(failure(() => call('not_callable', { body: '{}' })).hint).toBeNull();
    expect(failure(() => call('helo')).hint).toBe(
      'Perhaps you meant to call the function public.hello',
    );
  });

  it('embed from a function’s result through its table’s relationships', () => {
    const p = call('projects_of?client=1&select=name,clients(name)');
    expect(p.read.root.embeds[0]!.rel.foreign.name).toBe('clients');
  });

  it('refuse max-affected with handling=strict on a function returning one value (PGRST128)', () => {
    const error = failure(() =>
      call('add', {
        body: '{"a":1,"b":2}',
        headers: { Prefer: 'handling=strict, max-affected=1' },
      }),
    );
    expect(error.code).toBe('PGRST128');
  });
});
