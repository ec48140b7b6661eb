// A read node as SQL: the select list, embedded resources as LATERAL joins whose JSON is built by
// Postgres (row_to_json / json_agg), filters, grouping for aggregates, order, limit and offset.
import type { Field, SelectField } from '../parse/types.ts';
import type { EmbedNode, ReadNode, ReadSource } from '../plan/types.ts';
import type { SqlBuilder } from './builder.ts';
import { castType, ident, qualified } from './builder.ts';
import { fieldSql, whereSql } from './filter.ts';

/** Where a node's rows come from: a table, a function call, or a CTE of mutated rows. */
export type SourceSql = (b: SqlBuilder, source: ReadSource) => string;

export interface ReadOptions {
  /** Leave out order, limit and offset (count queries). */
  countOnly?: boolean;
  /** FROM text for the root instead of its source (mutation CTE). */
  rootFrom?: string;
  /** The root's limit after max_rows. */
  rootLimit?: number;
}

/** The output key of a select field: alias, else the last JSON key, else the column name. */
export function outputName(f: SelectField): string {
  if (f.alias) return f.alias;
  if (f.aggregate && (f.field.name === '' || !f.alias)) {
    if (f.field.name === '') return 'count';
    return f.aggregate;
  }
  const keys = f.field.json.filter((j) => !j.index);
  return keys.length ? keys[keys.length - 1]!.key : f.field.name;
}

function selectFieldSql(b: SqlBuilder, alias: string, f: SelectField): string {
  if (f.field.name === '*' && !f.aggregate) return `${ident(alias)}.*`;
  let expr = f.field.name === '' ? '*' : fieldSql(b, alias, f.field);
  if (f.cast) expr = `CAST(${expr} AS ${castType(f.cast)})`;
  if (f.aggregate) {
    expr = `${f.aggregate.toUpperCase()}(${expr})`;
    if (f.aggregateCast) expr = `CAST(${expr} AS ${castType(f.aggregateCast)})`;
  }
  const plain = !f.alias && !f.cast && !f.aggregate && f.field.json.length === 0;
  return plain ? expr : `${expr} AS ${ident(outputName(f))}`;
}

function orderTermSql(b: SqlBuilder, alias: string, node: ReadNode): string {
  if (node.order.length === 0) return '';
  const terms = node.order.map((o) => {
    const base: Field = o.field;
    const col = o.relationAlias
      ? fieldSql(b, o.relationAlias, base)
      : fieldSql(b, alias, base, true);
    const dir = o.direction ? ` ${o.direction.toUpperCase()}` : '';
    const nulls = o.nulls ? ` NULLS ${o.nulls.toUpperCase()}` : '';
    return `${col}${dir}${nulls}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

/** The child relation's join condition against its parent alias. */
function joinCondition(embed: EmbedNode, parentAlias: string): { from: string[]; where: string[] } {
  const child = embed.node.alias;
  const rel = embed.rel;
  if (rel.junction) {
    const j = rel.junction;
    const jAlias = `${child}_j`;
    return {
      from: [`${qualified(j.table.schema, j.table.name)} AS ${ident(jAlias)}`],
      where: [
        ...j.source.map(
          ([pc, jc]) => `${ident(jAlias)}.${ident(jc)} = ${ident(parentAlias)}.${ident(pc)}`,
        ),
        ...j.target.map(
          ([jc, fc]) => `${ident(jAlias)}.${ident(jc)} = ${ident(child)}.${ident(fc)}`,
        ),
      ],
    };
  }
  return {
    from: [],
    where: rel.columns.map(
      ([pc, fc]) => `${ident(child)}.${ident(fc)} = ${ident(parentAlias)}.${ident(pc)}`,
    ),
  };
}

function childFrom(
  b: SqlBuilder,
  embed: EmbedNode,
  parentAlias: string,
  source: SourceSql,
): string {
  const rel = embed.rel;
  if (rel.computed)
    return `${qualified(rel.computed.fn.schema, rel.computed.fn.name)}(${ident(parentAlias)}) AS ${ident(embed.node.alias)}`;
  return `${source(b, embed.node.source)} AS ${ident(embed.node.alias)}`;
}

/** Output names of a node's select list (for to-many spreads). */
function outputNames(node: ReadNode, starColumns: (n: ReadNode) => string[]): string[] {
  const names: string[] = [];
  for (const f of node.fields) {
    if (f.field.name === '*' && !f.aggregate) names.push(...starColumns(node));
    else names.push(outputName(f));
  }
  for (const e of node.embeds) if (!e.hidden && !e.spread) names.push(e.outputName);
  return names;
}

export interface ReadContext {
  source: SourceSql;
  starColumns: (node: ReadNode) => string[];
}

/** SELECT … for one node; parentAlias set for embedded nodes (correlated by LATERAL). */
export function readSql(
  b: SqlBuilder,
  ctx: ReadContext,
  node: ReadNode,
  parent?: { alias: string; embed: EmbedNode },
  options: ReadOptions = {},
): string {
  const alias = node.alias;
  const selects: string[] = [];
  const joins: string[] = [];
  const groupBy: string[] = [];
  const aggregated = node.fields.some((f) => f.aggregate);
  if (options.countOnly && !aggregated) selects.push('1');
  else {
    for (const f of node.fields) {
      selects.push(selectFieldSql(b, alias, f));
      if (aggregated && !f.aggregate)
        groupBy.push(f.field.name === '*' ? `${ident(alias)}.*` : fieldSql(b, alias, f.field));
    }
  }
  for (const embed of node.embeds) {
    const a = ident(embed.node.alias);
    const sub = readSql(b, ctx, embed.node, { alias, embed });
    const kind = embed.inner ? 'INNER' : 'LEFT';
    if (embed.toOne) {
      joins.push(` ${kind} JOIN LATERAL (${sub}) AS ${a} ON TRUE`);
      if (!embed.hidden && !(options.countOnly && !aggregated)) {
        if (embed.spread) selects.push(`${a}.*`);
        else selects.push(`row_to_json(${a}.*)::jsonb AS ${ident(embed.outputName)}`);
        if (aggregated) groupBy.push(embed.spread ? `${a}.*` : ident(embed.outputName));
      }
      continue;
    }
    if (embed.spread) {
      const cols = outputNames(embed.node, ctx.starColumns).map(
        (n) => `COALESCE(json_agg(${a}.${ident(n)}), '[]')::jsonb AS ${ident(n)}`,
      );
      joins.push(
        ` ${kind} JOIN LATERAL (SELECT ${['count(*) AS pgrst_n', ...cols].join(', ')} FROM (${sub}) AS ${a}) AS ${a} ON ${embed.inner ? `${a}.pgrst_n > 0` : 'TRUE'}`,
      );
      if (!embed.hidden && !(options.countOnly && !aggregated))
        for (const n of outputNames(embed.node, ctx.starColumns)) selects.push(`${a}.${ident(n)}`);
      continue;
    }
    joins.push(
      ` ${kind} JOIN LATERAL (SELECT json_agg(${a})::jsonb AS ${a} FROM (${sub}) AS ${a}) AS ${a} ON ${embed.inner ? `${a} IS NOT NULL` : 'TRUE'}`,
    );
    if (!embed.hidden && !(options.countOnly && !aggregated)) {
      selects.push(`COALESCE(${a}.${a}, '[]') AS ${ident(embed.outputName)}`);
      if (aggregated) groupBy.push(ident(embed.outputName));
    }
  }
  let from: string;
  const extraWhere: string[] = [];
  if (parent) {
    const cond = joinCondition(parent.embed, parent.alias);
    from = [childFrom(b, parent.embed, parent.alias, ctx.source), ...cond.from].join(', ');
    extraWhere.push(...cond.where);
  } else from = options.rootFrom ?? `${ctx.source(b, node.source)} AS ${ident(alias)}`;
  let sql = `SELECT ${selects.join(', ')} FROM ${from}${joins.join('')}${whereSql(b, alias, node.where, extraWhere)}`;
  if (groupBy.length && aggregated) sql += ` GROUP BY ${groupBy.join(', ')}`;
  if (!options.countOnly) {
    sql += orderTermSql(b, alias, node);
    const limit = parent ? node.limit : options.rootLimit;
    if (limit !== undefined) sql += ` LIMIT ${b.param(limit)}`;
    if (node.offset) sql += ` OFFSET ${b.param(node.offset)}`;
  }
  return sql;
}
