// Whole statements, wrapped as PostgREST wraps them (Statements.hs): one row of
// {total_result_set, page_total, body, response_headers, response_status, …}, the JSON built by
// Postgres; and the EXPLAIN that a planned or estimated count reads.
import type { ExplainRequest } from '../parse/media.ts';
import type { CallPlan, Media, MutatePlan, Plan, ReadPlan } from '../plan/types.ts';
import { SqlBuilder, ident, literal, type Statement } from './builder.ts';
import { mutationSql } from './mutate.ts';
import { readSql, type ReadOptions } from './read.ts';
import { callSql } from './source.ts';

export type { Statement } from './builder.ts';

export interface Statements {
  main: Statement;
  /** EXPLAIN of the count, read for `count=planned` and for estimates beyond max_rows. */
  plannedCount?: Statement;
}

/** The SQL stage's entry: the statement a plan runs, and the EXPLAIN its count may need. */
export function statementsFor(plan: Plan): Statements {
  if (plan.kind === 'read' || plan.kind === 'call') {
    const read = plan.kind === 'read' ? plan : plan.read;
    const main = plan.kind === 'read' ? readStatement(plan) : callStatement(plan);
    if (read.explain) return { main: explained(main, read.explain) };
    const planned = read.count === 'planned' || read.count === 'estimated';
    return planned ? { main, plannedCount: plannedCountStatement(plan) } : { main };
  }
  const main = mutateStatement(plan);
  return { main: plan.explain ? explained(main, plan.explain) : main };
}

/** EXPLAIN of a statement, with the format and options the request asked for. */
function explained(statement: Statement, explain: ExplainRequest): Statement {
  const options = [
    `FORMAT ${explain.format.toUpperCase()}`,
    ...explain.options.map((o) => o.toUpperCase()),
  ];
  return { sql: `EXPLAIN (${options.join(', ')}) ${statement.sql}`, params: statement.params };
}

const GUCS =
  "nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status";

const CSV =
  "(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM (SELECT row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a) || '\n' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '\n'), '')";

/**
 * A FeatureCollection of the rows, each turned into a Feature by PostGIS's ST_AsGeoJSON(record)
 * (PostgREST's asGeoJsonF, unqualified: found on the search path, `extensions` on Supabase).
 * Without PostGIS, Postgres answers 42883, as it does to PostgREST.
 */
const GEOJSON =
  "json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(_postgrest_t)::json), '[]'))::text";

/** What a result row holds: rows, a single composite, one scalar, or a set of scalars. */
type Shape = 'rows' | 'single' | 'scalar' | 'scalars';

const stripped = (json: string, strip: boolean) => (strip ? `json_strip_nulls(${json})` : json);

function bodySql(media: Media, shape: Shape, strip: boolean): string {
  if (media === 'csv' && shape !== 'scalar' && shape !== 'scalars') return CSV;
  if (media === 'geojson') return GEOJSON;
  const value =
    shape === 'scalar' || shape === 'scalars' ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  if (media === 'object' || shape === 'single' || shape === 'scalar')
    return `coalesce((${stripped(`json_agg(${value})->0`, strip)})::text, 'null')`;
  return `coalesce(${stripped(`json_agg(${value})`, strip)}, '[]')::text`;
}

/**
 * The total for `count=exact|estimated`: the page's own count when nothing limits the page, else
 * a count query (capped at max_rows + 1 for an estimate, which answers from the plan beyond it).
 */
function countSql(b: SqlBuilder, plan: ReadPlan, page: string, from?: string) {
  if (plan.count !== 'exact' && plan.count !== 'estimated')
    return { cte: '', total: 'NULL::bigint' };
  const limited =
    plan.maxRows !== undefined || plan.root.limit !== undefined || (plan.root.offset ?? 0) > 0;
  if (!limited) return { cte: '', total: page };
  let query = readSql(b, plan.root, undefined, { countOnly: true, rootFrom: from });
  if (plan.count === 'estimated' && plan.maxRows !== undefined)
    query += ` LIMIT ${b.param(plan.maxRows + 1)}`;
  return {
    cte: `, pgrst_source_count AS (${query})`,
    total: '(SELECT pg_catalog.count(*) FROM pgrst_source_count)',
  };
}

function wrapped(
  source: string,
  count: { cte: string; total: string },
  page: string,
  body: string,
  from: string,
) {
  return `WITH pgrst_source AS (${source})${count.cte} SELECT ${count.total} AS total_result_set, ${page} AS page_total, ${body} AS body, ${GUCS} FROM (${from}) _postgrest_t`;
}

export function readStatement(plan: ReadPlan): Statement {
  const b = new SqlBuilder();
  const main = readSql(b, plan.root, undefined, { rootLimit: plan.rootLimit });
  const page = 'pg_catalog.count(_postgrest_t)';
  const count = countSql(b, plan, page);
  // HEAD answers no body: Postgres need not build one.
  const body = plan.headOnly ? "''" : bodySql(plan.media, 'rows', plan.stripNulls);
  return b.statement(wrapped(main, count, page, body, 'SELECT * FROM pgrst_source'));
}

export function callStatement(plan: CallPlan): Statement {
  const r = plan.routine;
  const read = plan.read;
  const b = new SqlBuilder();
  const source = read.root.source;
  const call = source.kind === 'call' ? callSql(b, source) : '';
  const from = `pgrst_source AS ${ident(read.root.alias)}`;
  const options: ReadOptions = { rootFrom: from, rootLimit: read.rootLimit };
  const main = readSql(b, read.root, undefined, options);
  const page = r.returnsSet ? 'pg_catalog.count(_postgrest_t)' : '1';
  const count = countSql(b, read, page, from);
  const shape: Shape = r.returnsComposite
    ? r.returnsSet
      ? 'rows'
      : 'single'
    : r.returnsSet
      ? 'scalars'
      : 'scalar';
  // The statement answers one row because its select list aggregates. A set's page is a count,
  // so HEAD may leave the body out; a single value's page is the constant 1, so its body (one
  // value, built as GET builds it) is that aggregate — without it a HEAD whose limit or offset
  // empties the page would answer no row at all.
  const body = read.headOnly && r.returnsSet ? "''" : bodySql(read.media, shape, read.stripNulls);
  return b.statement(wrapped(call, count, page, body, main));
}

/** EXPLAIN of the count query, for Prefer: count=planned|estimated. */
export function plannedCountStatement(plan: ReadPlan | CallPlan): Statement {
  const b = new SqlBuilder();
  if (plan.kind === 'read') {
    const query = readSql(b, plan.root, undefined, { countOnly: true });
    return b.statement(`EXPLAIN (FORMAT JSON) ${query}`);
  }
  const source = plan.read.root.source;
  const call = source.kind === 'call' ? callSql(b, source) : '';
  const from = `pgrst_source AS ${ident(plan.read.root.alias)}`;
  const query = readSql(b, plan.read.root, undefined, { countOnly: true, rootFrom: from });
  return b.statement(`EXPLAIN (FORMAT JSON) WITH pgrst_source AS (${call}) ${query}`);
}

export function mutateStatement(plan: MutatePlan): Statement {
  const b = new SqlBuilder();
  const mutation = mutationSql(b, plan);
  const wantsBody = plan.prefs.return === 'representation';
  const select = wantsBody
    ? readSql(b, plan.returning, undefined, {
        rootFrom: `pgrst_source AS ${ident(plan.returning.alias)}`,
      })
    : 'SELECT * FROM pgrst_source';
  const location =
    plan.kind === 'insert' && plan.prefs.return === 'headers-only' && plan.locationColumns.length
      ? `CASE WHEN pg_catalog.count(_postgrest_t) = 1 THEN array[${plan.locationColumns
          .map(
            (c) =>
              `${literal(c)} || '=' || coalesce('eq.' || (json_agg(_postgrest_t)->0->>${literal(c)}), 'is.null')`,
          )
          .join(', ')}] ELSE array[]::text[] END`
      : 'array[]::text[]';
  const inserted =
    plan.kind === 'insert' && plan.onConflict?.resolution === 'merge-duplicates'
      ? "nullif(current_setting('pgrst.inserted', true), '')::int"
      : 'NULL::int';
  const body = wantsBody ? bodySql(plan.media, 'rows', plan.stripNulls) : "''";
  return b.statement(
    `WITH pgrst_source AS (${mutation}) SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ${location} AS header, ${body} AS body, ${GUCS}, ${inserted} AS response_inserted FROM (${select}) _postgrest_t`,
  );
}

/** The search_path setting's value: the schemas as quoted identifiers. */
export function searchPathValue(searchPath: string[]): string {
  return searchPath.map((s) => ident(s)).join(', ');
}
