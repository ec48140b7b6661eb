// Filters and logic trees as SQL conditions over one relation alias.
import type { Field, Filter, SimpleOp } from '../parse/types.ts';
import type { PlannedFilter, PlannedLogic } from '../plan/types.ts';
import type { SqlBuilder } from './builder.ts';
import { arrayLiteral, ident } from './builder.ts';

const SIMPLE: Record<SimpleOp, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'IS DISTINCT FROM',
};

const FTS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;

/** A column (with its JSON path) of the relation aliased `alias`. */
export function fieldSql(b: SqlBuilder, alias: string, field: Field, toJsonb = false): string {
  const column = field.name === '*' ? `${ident(alias)}.*` : `${ident(alias)}.${ident(field.name)}`;
  if (field.json.length === 0) return column;
  const last = field.json[field.json.length - 1]!;
  let out = toJsonb && last.arrow === '->' ? `to_jsonb(${column})` : column;
  for (const op of field.json) out += `${op.arrow}${b.param(op.key)}::${op.index ? 'int' : 'text'}`;
  return out;
}

const star = (v: string) => v.replace(/\*/g, '%');

export function filterSql(b: SqlBuilder, alias: string, filter: Filter): string {
  const col = fieldSql(b, alias, filter.field, true);
  const op = filter.operation;
  let cond: string;
  switch (op.op) {
    case 'in':
      cond =
        op.values.length === 1 && op.values[0] === ''
          ? `${col} = ANY('{}')`
          : `${col} = ANY(${b.param(arrayLiteral(op.values))})`;
      break;
    case 'is':
      cond = `${col} IS ${{ null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }[op.value]}`;
      break;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const lang = op.lang ? `${b.param(op.lang)}::regconfig, ` : '';
      cond = `${col} @@ ${FTS[op.op]}(${lang}${b.param(op.value)})`;
      break;
    }
    default: {
      const value = op.op === 'like' || op.op === 'ilike' ? star(op.value) : op.value;
      if (op.quant) {
        const v = b.param(op.op === 'like' || op.op === 'ilike' ? value : value);
        cond = `${col} ${SIMPLE[op.op]} ${op.quant.toUpperCase()}(${v})`;
      } else cond = `${col} ${SIMPLE[op.op]} ${b.param(value)}`;
    }
  }
  return filter.negate ? `NOT (${cond})` : cond;
}

function plannedFilterSql(b: SqlBuilder, alias: string, f: PlannedFilter): string {
  if (f.kind === 'embed-null')
    return `${ident(f.alias)} IS ${f.isNull ? 'NOT ' : ''}DISTINCT FROM NULL`;
  return filterSql(b, alias, f.filter);
}

export function logicSql(b: SqlBuilder, alias: string, tree: PlannedLogic): string {
  if (tree.type === 'filter') return plannedFilterSql(b, alias, tree.filter);
  const inner = tree.children
    .map((c) => logicSql(b, alias, c))
    .join(tree.op === 'and' ? ' AND ' : ' OR ');
  return `${tree.negate ? 'NOT ' : ''}(${inner})`;
}

export function whereSql(
  b: SqlBuilder,
  alias: string,
  trees: PlannedLogic[],
  extra: string[] = [],
): string {
  const parts = [...trees.map((t) => logicSql(b, alias, t)), ...extra];
  return parts.length ? ` WHERE ${parts.join(' AND ')}` : '';
}
