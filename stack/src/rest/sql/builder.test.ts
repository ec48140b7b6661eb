import { describe, expect, it } from 'vitest';
import type { ReadNode } from '../plan/types.ts';
import { SqlBuilder, arrayLiteral, castType, ident } from './builder.ts';
import { filterSql } from './filter.ts';
import { readSql } from './read.ts';

describe('SQL builder', () => {
  it('quotes identifiers and drops NULs', () => {
    expect(ident('a"b')).toBe('"a""b"');
    expect(ident('x\u0000y')).toBe('"x"');
  });

  it('maps keyword casts and quotes anything else', () => {
    expect(castType('integer')).toBe('"int4"');
    expect(castType('double precision')).toBe('"float8"');
    expect(castType('text) union select 1 --')).toBe('"text) union select 1 --"');
  });

  it('formats array literals with escaping', () => {
    expect(arrayLiteral(['a', 'b"c', 'd\\e'])).toBe('{"a","b\\"c","d\\\\e"}');
  });

  it('puts every filter value in a parameter', () => {
    const b = new SqlBuilder();
    const sql = filterSql(b, 't', {
      field: { name: 'name', json: [{ arrow: '->>', key: "k'; drop", index: false }] },
      negate: true,
      operation: { op: 'like', value: "*'; drop table x; --*" },
    });
    expect(sql).toBe('NOT ("t"."name"->>$1::text LIKE $2)');
    expect(b.params).toEqual(["k'; drop", "%'; drop table x; --%"]);
  });

  it('builds a read with a to-many embed as a lateral json_agg', () => {
    const b = new SqlBuilder();
    const child: ReadNode = {
      source: { kind: 'table', schema: 'public', name: 'projects' },
      alias: 'projects_1',
      fields: [{ type: 'field', field: { name: 'name', json: [] } }],
      embeds: [],
      hoisted: [],
      passThrough: [],
      where: [],
      order: [],
    };
    const root: ReadNode = {
      source: { kind: 'table', schema: 'public', name: 'clients' },
      alias: 'clients',
      fields: [{ type: 'field', field: { name: 'id', json: [] } }],
      embeds: [
        {
          outputName: 'projects',
          rel: {
            table: { schema: 'public', name: 'clients' },
            foreign: { schema: 'public', name: 'projects' },
            cardinality: 'o2m',
            constraint: 'fk',
            columns: [['id', 'client_id']],
          },
          toOne: false,
          inner: false,
          spread: false,
          spreadColumns: [],
          hidden: false,
          node: child,
        },
      ],
      hoisted: [],
      passThrough: [],
      where: [],
      order: [],
      limit: 3,
    };
    const sql = readSql(b, root, undefined, { rootLimit: 3 });
    expect(sql).toBe(
      'SELECT "clients"."id", COALESCE("projects_1"."projects_1", \'[]\') AS "projects" FROM "public"."clients" AS "clients" LEFT JOIN LATERAL (SELECT json_agg("projects_1")::jsonb AS "projects_1" FROM (SELECT "projects_1"."name" FROM "public"."projects" AS "projects_1" WHERE "projects_1"."client_id" = "clients"."id") AS "projects_1") AS "projects_1" ON TRUE LIMIT $1',
    );
    expect(b.params).toEqual([3]);
  });
});
