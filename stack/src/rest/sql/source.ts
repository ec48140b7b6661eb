// Relation sources as SQL: a table, or a function call as PostgREST writes it — no arguments,
// the body as one positional argument, named arguments read from the JSON body through
// json_to_record (typed from the catalog), or named arguments as typed text parameters.
import type { CallArgs, CallSource, ReadSource } from '../plan/types.ts';
import { SqlError, ident, qualified, type SqlBuilder } from './builder.ts';

/** Catalog type names (format_type output) are safe to emit; they come from pg_catalog. */
const typeSql = (type: string) => type;

const isJsonObject = (json: string) => json.trimStart().startsWith('{');

/** The argument list, and the FROM items that provide it. */
function argumentsSql(b: SqlBuilder, args: CallArgs): { list: string; from: string } {
  switch (args.mode) {
    case 'none':
      return { list: '', from: '' };
    case 'positional':
      return { list: `${b.param(args.value)}::${typeSql(args.type)}`, from: '' };
    case 'text':
      return {
        list: args.values
          .map(
            ({ param, value }) =>
              `${param.variadic ? 'VARIADIC ' : ''}${ident(param.name)} := ${b.param(value)}::${typeSql(param.readType)}`,
          )
          .join(', '),
        from: '',
      };
    case 'json': {
      // The first object of the body, its keys read as the parameters' types.
      const reader = isJsonObject(args.json) ? 'json_to_record' : 'json_to_recordset';
      const columns = args.params.map((p) => ident(p.name)).join(', ');
      const typed = args.params.map((p) => `${ident(p.name)} ${typeSql(p.readType)}`).join(', ');
      const from =
        `(SELECT ${b.param(args.json)}::json AS json_data) pgrst_payload, ` +
        `LATERAL (SELECT ${columns} FROM ${reader}(pgrst_payload.json_data) AS _(${typed}) LIMIT 1) pgrst_body`;
      const list = args.params
        .map(
          (p) => `${p.variadic ? 'VARIADIC ' : ''}${ident(p.name)} := pgrst_body.${ident(p.name)}`,
        )
        .join(', ');
      return { list, from };
    }
  }
}

/** The function call whose rows become `pgrst_source` (PostgREST's callPlanToQuery). */
export function callSql(b: SqlBuilder, source: CallSource): string {
  const r = source.routine;
  const { list, from } = argumentsSql(b, source.args);
  const call = `${qualified(r.schema, r.name)}(${list})`;
  const scalar = !r.returnsComposite;
  const callIt = scalar ? `(SELECT ${call} pgrst_scalar) pgrst_call` : `${call} pgrst_call`;
  const select = scalar ? 'pgrst_call.pgrst_scalar' : 'pgrst_call.*';
  return `SELECT ${select} FROM ${from ? `${from}, LATERAL ` : ''}${callIt}`;
}

export function sourceSql(source: ReadSource): string {
  if (source.kind === 'table') return qualified(source.schema, source.name);
  // Function results are read from the pgrst_source CTE (statement.ts), never here.
  throw new SqlError('a function call is only ever the root of a read');
}
