import { describe, expect, it } from 'vitest';
import { routine } from '../../../test/fixtures/rest/schema-cache.ts';
import { callableRoutines, computedRelationships } from './routines.ts';

describe('functions as PostgREST sees them', () => {
  it('can call functions with named parameters, or one unnamed json, jsonb, text, xml or bytea', () => {
    const map = callableRoutines([
      routine('named', [['a', 'integer']]),
      routine('none', []),
      routine('body', [['', 'jsonb']]),
      routine('raw', [['', 'bytea']]),
      routine('int', [['', 'integer']]),
      routine('two', [
        ['', 'text'],
        ['', 'text'],
      ]),
    ]);
    expect([...map.keys()]).toEqual(['public.named', 'public.none', 'public.body', 'public.raw']);
  });

  it('orders overloads as PostgREST does: fewest parameters, then by parameters', () => {
    const map = callableRoutines([
      routine('f', [['a', 'text']]),
      routine('f', [
        ['b', 'integer'],
        ['c', 'integer'],
      ]),
      routine('f', [['a', 'integer']]),
      routine('f', []),
    ]);
    expect(map.get('public.f')!.map((r) => r.params.map((p) => `${p.name} ${p.type}`))).toEqual([
      [],
      ['a integer'],
      ['a text'],
      ['b integer', 'c integer'],
    ]);
  });

  it('reads optional, variadic and fixed-width parameters', () => {
    const [f] = callableRoutines([
      routine(
        'f',
        [
          ['a', 'character'],
          ['b', 'integer[]', 'v'],
        ],
        { arg_modes: ['i', 'v'], ndefaults: 1 },
      ),
    ]).get('public.f')!;
    expect(f!.params).toEqual([
      {
        name: 'a',
        type: 'character',
        readType: 'character varying',
        required: true,
        variadic: false,
      },
      { name: 'b', type: 'integer[]', readType: 'integer[]', required: false, variadic: true },
    ]);
  });

  it('makes computed relationships to-one for single rows and rows 1', () => {
    const rel = (options: Parameters<typeof routine>[2]) =>
      computedRelationships([
        routine('r', [['', 'projects']], {
          param_schema: 'public',
          param_table: 'projects',
          ret_schema: 'public',
          ret_table: 'clients',
          ret_relkind: 'r',
          ...options,
        }),
      ])[0]?.computed?.toOne;
    expect(rel({ returns_set: true, rows: 1000 })).toBe(false);
    expect(rel({ returns_set: true, rows: 1 })).toBe(true);
    expect(rel({ returns_set: false })).toBe(true);
    expect(rel({ ret_relkind: 'c' })).toBeUndefined();
  });
});
