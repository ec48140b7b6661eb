import { describe, expect, it } from 'vitest';
import { fixtureCache, planFor, requestFor } from '../../../test/fixtures/rest/schema-cache.ts';
import { plan } from '../plan/plan.ts';
import { SqlBuilder, SqlError } from './builder.ts';
import { statementsFor } from './statement.ts';

const sqlOf = (...args: Parameters<typeof planFor>) => statementsFor(planFor(...args));

describe('statements', () => {
  it('are refused when a parameter has no placeholder or a placeholder no parameter', () => {
    const b = new SqlBuilder();
    b.param(1);
    expect(() => b.statement('SELECT fn()')).toThrow(SqlError);
    expect(() => new SqlBuilder().statement('SELECT $1')).toThrow(SqlError);
    // Quoted names and literals are not placeholders.
    expect(new SqlBuilder().statement(`SELECT 1 AS "$1", '$2'`).params).toEqual([]);
  });

  it('call a function without arguments as fn(), with no parameter', () => {
    const { main } = sqlOf('GET', '/rpc/greet');
    expect(main.sql).toContain('(SELECT "public"."greet"() pgrst_scalar) pgrst_call');
    expect(main.params).toEqual([1000]);
  });

  it('type text arguments from the catalog and read JSON arguments through json_to_record', () => {
    expect(sqlOf('GET', '/rpc/greet?name=x').main.sql).toContain(
      '"public"."greet"("name" := $1::text)',
    );
    const post = sqlOf('POST', '/rpc/add', { body: '{"a":1,"b":2}' }).main;
    expect(post.sql).toContain(
      'FROM (SELECT $1::json AS json_data) pgrst_payload, LATERAL (SELECT "a", "b" FROM json_to_record(pgrst_payload.json_data) AS _("a" integer, "b" integer) LIMIT 1) pgrst_body, LATERAL (SELECT "public"."add"("a" := pgrst_body."a", "b" := pgrst_body."b") pgrst_scalar) pgrst_call',
    );
    expect(post.params[0]).toBe('{"a":1,"b":2}');
  });

  it('pass a single unnamed argument by position, never as an empty name', () => {
    const { main } = sqlOf('POST', '/rpc/echo', { body: '{"": 1}' });
    expect(main.sql).toContain('"public"."echo"($1::json)');
    expect(main.sql).not.toContain('""');
  });

  it('run the function once, as pgrst_source, and count from it', () => {
    const { main } = sqlOf('GET', '/rpc/projects_of?client=1', {
      headers: { Prefer: 'count=exact' },
    });
    expect(main.sql.match(/"public"\."projects_of"/g)).toHaveLength(1);
    expect(main.sql).toContain(
      'pgrst_source_count AS (SELECT 1 FROM pgrst_source AS "projects_of")',
    );
  });

  it('aggregate a HEAD of a one-value function, so an emptied page still answers one row', () => {
    const one = sqlOf('HEAD', '/rpc/greet?limit=0').main.sql;
    expect(one).toContain('1 AS page_total');
    expect(one).toContain(
      `coalesce((json_agg(_postgrest_t.pgrst_scalar)->0)::text, 'null') AS body`,
    );
    // A set's page is a count: HEAD leaves its body out.
    const set = sqlOf('HEAD', '/rpc/projects_of?client=1&limit=0').main.sql;
    expect(set).toContain('pg_catalog.count(_postgrest_t) AS page_total');
    expect(set).toContain(`'' AS body`);
  });

  it('count a read from the page when nothing limits it', () => {
    const request = requestFor('GET', '/items', { headers: { Prefer: 'count=exact' } });
    const { main } = statementsFor(plan(request, fixtureCache()));
    expect(main.sql).toContain('SELECT pg_catalog.count(_postgrest_t) AS total_result_set');
  });

  it('cap an estimated count at max_rows + 1 and plan an EXPLAIN for beyond', () => {
    const { main, plannedCount } = sqlOf('GET', '/items', {
      headers: { Prefer: 'count=estimated' },
    });
    expect(main.sql).toMatch(
      /pgrst_source_count AS \(SELECT 1 FROM "public"\."items" AS "items" LIMIT \$\d+\)/,
    );
    expect(main.params).toContain(1001);
    expect(plannedCount?.sql).toMatch(/^EXPLAIN \(FORMAT JSON\) SELECT 1 FROM/);
  });

  it('group by a to-one spread’s columns and aggregate hoisted columns', () => {
    const { main } = sqlOf('GET', '/projects?select=id.sum(),...clients(client_sum:id.sum(),name)');
    expect(main.sql).toContain(
      'SELECT SUM("projects"."id") AS "sum", SUM("clients_1"."pgrst_hoist_1") AS "client_sum", "clients_1"."name" FROM "public"."projects" AS "projects" LEFT JOIN LATERAL (SELECT "clients_1"."id" AS "pgrst_hoist_1", "clients_1"."name" FROM "public"."clients" AS "clients_1" WHERE "clients_1"."id" = "projects"."client_id") AS "clients_1" ON TRUE GROUP BY "clients_1"."name"',
    );
  });

  it('group a JSON path by the same placeholder it selects', () => {
    const { main } = sqlOf('GET', '/items?select=data->color,count()');
    expect(main.sql).toContain(
      'SELECT "items"."data"->$1::text AS "color", COUNT(*) AS "count" FROM "public"."items" AS "items" GROUP BY "items"."data"->$1::text',
    );
  });
});
