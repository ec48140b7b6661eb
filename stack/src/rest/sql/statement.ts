// Whole statements: the read, mutation and call queries wrapped as PostgREST wraps them, returning
// one row {total_result_set, page_total, body, response_headers, response_status, ...}.
import type { CallPlan, Media, MutatePlan, ReadNode, ReadPlan } from '../plan/types.ts';
import { SqlBuilder, ident, literal, qualified } from './builder.ts';
import { mutationSql } from './mutate.ts';
import { readSql, type ReadContext } from './read.ts';
import { callExpression, sourceSql } from './source.ts';

export interface Statement {
  sql: string;
  params: unknown[];
}

const GUCS =
  "nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status";

const CSV =
  "(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM (SELECT row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a) || '\n' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '\n'), '')";

function bodySql(
  media: Media,
  scalar: 'none' | 'single' | 'set',
  singleComposite = false,
  strip = false,
): string {
  if (media === 'csv') return CSV;
  const value = scalar === 'none' ? '_postgrest_t' : '_postgrest_t.pgrst_scalar';
  const s = (sql: string) => (strip ? `json_strip_nulls(${sql})` : sql);
  if (media === 'object' || scalar === 'single' || singleComposite)
    return `coalesce((${s(`json_agg(${value})->0`)})::text, 'null')`;
  return `coalesce(${s(`json_agg(${value})`)}, '[]')::text`;
}

export function readContext(starColumns: (node: ReadNode) => string[]): ReadContext {
  return { source: sourceSql, starColumns };
}

export function readStatement(plan: ReadPlan, ctx: ReadContext): Statement {
  const b = new SqlBuilder();
  const main = readSql(b, ctx, plan.root, undefined, { rootLimit: rootLimit(plan) });
  let count = 'NULL::bigint';
  let countCte = '';
  if (plan.count === 'exact' || plan.count === 'estimated') {
    countCte = `, pgrst_source_count AS (${readSql(b, ctx, plan.root, undefined, { countOnly: true })})`;
    count = '(SELECT pg_catalog.count(*) FROM pgrst_source_count)';
  }
  const sql = `WITH pgrst_source AS (${main})${countCte} SELECT ${count} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ${
    // HEAD answers no body: Postgres need not build one.
    plan.headOnly ? "''" : bodySql(plan.media, 'none', false, plan.stripNulls)
  } AS body, ${GUCS} FROM (SELECT * FROM pgrst_source) _postgrest_t`;
  return { sql, params: b.params };
}

/** EXPLAIN of the count query, for Prefer: count=planned|estimated. */
export function plannedCountStatement(plan: ReadPlan, ctx: ReadContext): Statement {
  const b = new SqlBuilder();
  const sql = `EXPLAIN (FORMAT JSON) ${readSql(b, ctx, plan.root, undefined, { countOnly: true })}`;
  return { sql, params: b.params };
}

function rootLimit(plan: ReadPlan): number | undefined {
  const asked = plan.root.limit;
  if (plan.maxRows === undefined) return asked;
  return asked === undefined ? plan.maxRows : Math.min(asked, plan.maxRows);
}

export function mutateStatement(plan: MutatePlan, ctx: ReadContext): Statement {
  const b = new SqlBuilder();
  const mutation = mutationSql(b, plan);
  const wantsBody = plan.prefs.return === 'representation';
  const select = wantsBody
    ? readSql(b, ctx, plan.returning, undefined, {
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
  const sql = `WITH pgrst_source AS (${mutation}) SELECT '' AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ${location} AS header, ${
    wantsBody ? bodySql(plan.media, 'none', false, plan.stripNulls) : "''"
  } AS body, ${GUCS}, ${inserted} AS response_inserted FROM (${select}) _postgrest_t`;
  return { sql, params: b.params };
}

export function callStatement(plan: CallPlan, ctx: ReadContext): Statement {
  const r = plan.routine;
  const read = plan.read;
  if (r.returnsComposite) {
    const single = !r.returnsSet;
    const b = new SqlBuilder();
    const main = readSql(b, ctx, read.root, undefined, { rootLimit: rootLimitCall(read) });
    let count = 'NULL::bigint';
    let countCte = '';
    if (read.count === 'exact' || read.count === 'estimated') {
      countCte = `, pgrst_source_count AS (${readSql(b, ctx, read.root, undefined, { countOnly: true })})`;
      count = '(SELECT pg_catalog.count(*) FROM pgrst_source_count)';
    }
    const sql = `WITH pgrst_source AS (${main})${countCte} SELECT ${count} AS total_result_set, ${
      single ? '1' : 'pg_catalog.count(_postgrest_t)'
    } AS page_total, ${bodySql(read.media, 'none', single, read.stripNulls)} AS body, ${GUCS} FROM (SELECT * FROM pgrst_source) _postgrest_t`;
    return { sql, params: b.params };
  }
  const b = new SqlBuilder();
  const src = read.root.source;
  if (src.kind !== 'call') throw new Error('call plan without a call source');
  const { call, from } = callExpression(b, src);
  const main = `SELECT ${call} AS pgrst_scalar${from ? ` FROM ${from}` : ''}`;
  const scalar = r.returnsSet ? 'set' : 'single';
  const media = read.media === 'csv' ? 'json' : read.media;
  const sql = `WITH pgrst_source AS (${main}) SELECT NULL::bigint AS total_result_set, ${
    r.returnsSet ? 'pg_catalog.count(_postgrest_t)' : '1'
  } AS page_total, ${bodySql(media, scalar, false, read.stripNulls)} AS body, ${GUCS} FROM (SELECT * FROM pgrst_source) _postgrest_t`;
  return { sql, params: b.params };
}

function rootLimitCall(plan: ReadPlan): number | undefined {
  return rootLimit(plan);
}

/** The SET statement run first in every transaction: search_path (and read-only for reads). */
/** The search_path setting's value: the schemas as quoted identifiers. */
export function searchPathValue(searchPath: string[]): string {
  return searchPath.map((s) => ident(s)).join(', ');
}

export { qualified };
