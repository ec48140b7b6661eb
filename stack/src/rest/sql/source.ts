// Relation sources as SQL: a table, or a function call whose arguments come from one JSON
// parameter through json_to_record (typed from the catalog), as PostgREST calls functions.
import type { CallSource, ReadSource } from '../plan/types.ts';
import type { SqlBuilder } from './builder.ts';
import { ident, qualified } from './builder.ts';

/** `"s"."fn"(…)` with its argument list; `args` is the FROM clause that provides them. */
export function callExpression(b: SqlBuilder, src: CallSource): { call: string; from: string } {
  const r = src.routine;
  const fn = qualified(r.schema, r.name);
  if (src.args.mode === 'none') return { call: `${fn}()`, from: '' };
  if (src.args.mode === 'single') {
    const type = r.params[0]?.type === 'jsonb' ? 'jsonb' : 'json';
    return { call: `${fn}(${b.param(src.args.json)}::${type})`, from: '' };
  }
  const given = new Set(src.args.names);
  const used = r.params.filter((p) => given.has(p.name));
  const record = `json_to_record(${b.param(src.args.json)}::json) AS pgrst_args(${used
    .map((p) => `${ident(p.name)} ${typeSql(p.type)}`)
    .join(', ')})`;
  const args = used
    .map((p) => `${p.variadic ? 'VARIADIC ' : ''}${ident(p.name)} := pgrst_args.${ident(p.name)}`)
    .join(', ');
  return { call: `${fn}(${args})`, from: used.length ? record : '' };
}

/** Catalog type names (format_type output) are safe to emit; they come from pg_catalog. */
function typeSql(type: string): string {
  return type;
}

export function sourceSql(b: SqlBuilder, source: ReadSource): string {
  if (source.kind === 'table') return qualified(source.schema, source.name);
  const { call, from } = callExpression(b, source);
  if (from) return `(SELECT pgrst_call.* FROM ${from}, LATERAL ${call} AS pgrst_call)`;
  return `(SELECT pgrst_call.* FROM ${call} AS pgrst_call)`;
}
