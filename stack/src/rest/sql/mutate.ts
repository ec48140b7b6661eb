// INSERT / UPDATE / DELETE as PostgREST writes them: the JSON body is one parameter read with
// json_to_recordset using the columns' catalog types; RETURNING feeds the representation.
import type { MutatePlan } from '../plan/types.ts';
import type { SqlBuilder } from './builder.ts';
import { ident, literal, qualified } from './builder.ts';
import { logicSql, whereSql } from './filter.ts';

const INSERTED_PLUS =
  "set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0'";
const INSERTED_MINUS =
  "set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1'";

/** FROM … pgrst_body: the body as typed rows (first row only for updates). */
function bodyRows(b: SqlBuilder, plan: MutatePlan, limitOne: boolean): string {
  const payload = `(SELECT ${b.param(plan.body ?? '{}')}::jsonb AS json_data) pgrst_payload`;
  const uniform =
    "LATERAL (SELECT CASE WHEN jsonb_typeof(pgrst_payload.json_data) = 'array' THEN pgrst_payload.json_data ELSE jsonb_build_array(pgrst_payload.json_data) END AS val) pgrst_uniform";
  const defaults = plan.applyDefaults ? plan.columns.filter((c) => c.default !== null) : [];
  // Missing keys take the column default (computed per row) when Prefer: missing=default.
  const withDefaults = defaults.length
    ? `LATERAL (SELECT jsonb_agg(jsonb_build_object(${defaults
        .map((c) => `${literal(c.name)}, ${c.default}`)
        .join(
          ', ',
        )}) || elem) AS val FROM jsonb_array_elements(pgrst_uniform.val) elem) pgrst_defs, `
    : '';
  const rows = defaults.length ? 'pgrst_defs.val' : 'pgrst_uniform.val';
  const typed = plan.columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
  const names = plan.columns.map((c) => ident(c.name)).join(', ');
  const body = plan.columns.length
    ? `SELECT ${names} FROM jsonb_to_recordset(${rows}) AS _(${typed})${limitOne ? ' LIMIT 1' : ''}`
    : `SELECT FROM jsonb_array_elements(${rows}) _`;
  return `FROM ${payload}, ${uniform}, ${withDefaults}LATERAL (${body}) pgrst_body`;
}

export function mutationSql(b: SqlBuilder, plan: MutatePlan): string {
  const t = plan.table;
  const target = qualified(t.schema, t.name);
  const alias = ident(t.name);
  const returning = ` RETURNING ${alias}.*`;
  if (plan.kind === 'delete') {
    const where = limitedWhere(b, plan);
    return `DELETE FROM ${target} AS ${alias}${where}${returning}`;
  }
  if (plan.kind === 'update') {
    if (plan.columns.length === 0)
      return `SELECT ${alias}.* FROM ${target} AS ${alias} WHERE false`;
    const sets = plan.columns
      .map((c) => `${ident(c.name)} = pgrst_body.${ident(c.name)}`)
      .join(', ');
    const from = bodyRows(b, plan, true);
    const where = limitedWhere(b, plan);
    return `UPDATE ${target} AS ${alias} SET ${sets} ${from}${where}${returning}`;
  }
  const cols = plan.columns.map((c) => ident(c.name));
  const into = cols.length ? `(${cols.join(', ')})` : '';
  // With no columns, one default row per body object ({} → 1, [] → none, [{}, {}] → 2).
  const select = cols.length
    ? `SELECT ${cols.map((c) => `pgrst_body.${c}`).join(', ')} `
    : 'SELECT ';
  let sql = `INSERT INTO ${target} AS ${alias}${into} ${select}${bodyRows(b, plan, false)}`;
  const conditions: string[] = [];
  if (plan.put)
    conditions.push(
      ...plan.put.filters.map((f) =>
        logicSql(b, 'pgrst_body', { type: 'filter', filter: { kind: 'filter', filter: f } }),
      ),
    );
  const merge = plan.onConflict?.resolution === 'merge-duplicates';
  if (merge) conditions.unshift(INSERTED_PLUS);
  if (conditions.length) sql += ` WHERE ${conditions.join(' AND ')}`;
  if (plan.onConflict && plan.onConflict.columns.length) {
    sql += ` ON CONFLICT(${plan.onConflict.columns.map(ident).join(', ')}) `;
    if (!merge || !cols.length) sql += 'DO NOTHING';
    else
      sql += `DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')} WHERE ${INSERTED_MINUS}`;
  }
  return sql + returning;
}

/** WHERE for update/delete; with limit=, only the first rows by the order (by ctid). */
function limitedWhere(b: SqlBuilder, plan: MutatePlan): string {
  const alias = plan.table.name;
  if (plan.limit === undefined) return whereSql(b, alias, plan.where);
  const t = plan.table;
  const inner = `SELECT ${ident(alias)}.ctid FROM ${qualified(t.schema, t.name)} AS ${ident(alias)}${whereSql(b, alias, plan.where)}${
    plan.order.length
      ? ` ORDER BY ${plan.order
          .map(
            (o) =>
              `${ident(alias)}.${ident(o.field.name)}${o.direction ? ` ${o.direction.toUpperCase()}` : ''}${o.nulls ? ` NULLS ${o.nulls.toUpperCase()}` : ''}`,
          )
          .join(', ')}`
      : ''
  } LIMIT ${b.param(plan.limit)}`;
  return ` WHERE ${ident(alias)}.ctid = ANY(ARRAY(${inner}))`;
}
