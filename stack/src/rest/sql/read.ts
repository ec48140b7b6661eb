// A read node as SQL: the select list, embedded resources as LATERAL joins whose JSON is built by
// Postgres (row_to_json / json_agg), spreads lifted into the parent, filters, grouping for
// aggregates (hoisted ones included), order, limit and offset.
import type { Field, SelectField } from '../parse/types.ts';
import type { EmbedNode, HoistedAggregate, ReadNode } from '../plan/types.ts';
import type { SqlBuilder } from './builder.ts';
import { castType, ident, qualified } from './builder.ts';
import { fieldSql, whereSql } from './filter.ts';
import { sourceSql } from './source.ts';

export interface ReadOptions {
  /** Leave out the select list, order, limit and offset (count queries). */
  countOnly?: boolean;
  /** FROM text for the root instead of its source (the pgrst_source CTE of writes and calls). */
  rootFrom?: string;
  /** The root's limit after max_rows. */
  rootLimit?: number;
}

/** The output key of a field, when it is not the column's own name. */
function aliasOf(f: SelectField): string | undefined {
  if (f.alias) return f.alias;
  if (f.aggregate) return f.field.name === '' ? 'count' : f.aggregate;
  const keys = f.field.json.filter((j) => !j.index);
  if (keys.length) return keys[keys.length - 1]!.key;
  return f.cast || f.field.json.length ? f.field.name : undefined;
}

/** A select item, and the expression it groups by (the same text, so the same parameters). */
function selectFieldSql(
  b: SqlBuilder,
  alias: string,
  f: SelectField,
): { item: string; group: string } {
  if (f.field.name === '*' && !f.aggregate)
    return { item: `${ident(alias)}.*`, group: `${ident(alias)}.*` };
  // '' is count()'s field: `count(*)`, or, hoisted out of a to-one spread, a mark of a joined row.
  const base = f.field.name === '' ? (f.aggregate ? '*' : 'TRUE') : fieldSql(b, alias, f.field);
  let expr = f.cast ? `CAST(${base} AS ${castType(f.cast)})` : base;
  if (f.aggregate) {
    expr = `${f.aggregate.toUpperCase()}(${expr})`;
    if (f.aggregateCast) expr = `CAST(${expr} AS ${castType(f.aggregateCast)})`;
  }
  const name = aliasOf(f);
  return { item: name === undefined ? expr : `${expr} AS ${ident(name)}`, group: base };
}

function hoistedSql(h: HoistedAggregate): string {
  let expr = `${h.aggregate.toUpperCase()}(${ident(h.relationAlias)}.${ident(h.column)})`;
  if (h.aggregateCast) expr = `CAST(${expr} AS ${castType(h.aggregateCast)})`;
  return `${expr} AS ${ident(h.outputName)}`;
}

function orderSql(b: SqlBuilder, alias: string, node: ReadNode): string {
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

/** The child relation's FROM items and join condition against its parent alias. */
function childFrom(embed: EmbedNode, parentAlias: string): { from: string[]; where: string[] } {
  const child = embed.node.alias;
  const rel = embed.rel;
  if (rel.computed)
    return {
      from: [
        `${qualified(rel.computed.fn.schema, rel.computed.fn.name)}(${ident(parentAlias)}) AS ${ident(child)}`,
      ],
      where: [],
    };
  const from = [`${sourceSql(embed.node.source)} AS ${ident(child)}`];
  if (rel.junction) {
    const j = rel.junction;
    const jAlias = `${child}_j`;
    return {
      from: [...from, `${qualified(j.table.schema, j.table.name)} AS ${ident(jAlias)}`],
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
    from,
    where: rel.columns.map(
      ([pc, fc]) => `${ident(child)}.${ident(fc)} = ${ident(parentAlias)}.${ident(pc)}`,
    ),
  };
}

/** A spread's column as its parent selects it from the join aliased `a`. */
function lifted(a: string, name: string): string {
  return name === '*' ? `${a}.*` : `${a}.${ident(name)}`;
}

/** An embed's join, and the columns it adds to its parent's select list. */
function embedSql(
  b: SqlBuilder,
  parentAlias: string,
  embed: EmbedNode,
): { join: string; selects: string[] } {
  const a = ident(embed.node.alias);
  const sub = readSql(b, embed.node, { alias: parentAlias, embed });
  const kind = embed.inner ? 'INNER' : 'LEFT';
  const shown = !embed.hidden;
  if (embed.toOne) {
    const join = ` ${kind} JOIN LATERAL (${sub}) AS ${a} ON TRUE`;
    if (!shown) return { join, selects: [] };
    if (embed.spread) return { join, selects: embed.spreadColumns.map((n) => lifted(a, n)) };
    return { join, selects: [`row_to_json(${a}.*)::jsonb AS ${ident(embed.outputName)}`] };
  }
  if (embed.spread) {
    // To-many spread: one array per column, as PostgREST v13 answers.
    const arrays = embed.spreadColumns.map(
      (n) => `COALESCE(json_agg(${a}.${ident(n)}), '[]')::jsonb AS ${ident(n)}`,
    );
    const join = ` ${kind} JOIN LATERAL (SELECT ${['count(*) AS pgrst_n', ...arrays].join(', ')} FROM (${sub}) AS ${a}) AS ${a} ON ${embed.inner ? `${a}.pgrst_n > 0` : 'TRUE'}`;
    return { join, selects: shown ? embed.spreadColumns.map((n) => lifted(a, n)) : [] };
  }
  const join = ` ${kind} JOIN LATERAL (SELECT json_agg(${a})::jsonb AS ${a} FROM (${sub}) AS ${a}) AS ${a} ON ${embed.inner ? `${a} IS NOT NULL` : 'TRUE'}`;
  return {
    join,
    selects: shown ? [`COALESCE(${a}.${a}, '[]') AS ${ident(embed.outputName)}`] : [],
  };
}

/** The expression an output column groups by (the select item without its alias). */
function grouped(item: string): string {
  return item.replace(/ AS "(?:[^"]|"")*"$/, '');
}

/** SELECT … for one node; `parent` set for embedded nodes (correlated by LATERAL). */
export function readSql(
  b: SqlBuilder,
  node: ReadNode,
  parent?: { alias: string; embed: EmbedNode },
  options: ReadOptions = {},
): string {
  const alias = node.alias;
  const aggregated = node.fields.some((f) => f.aggregate) || node.hoisted.length > 0;
  const bare = options.countOnly && !aggregated;
  const selects: string[] = [];
  const groupBy: string[] = [];
  const joins: string[] = [];
  if (!bare) {
    for (const f of node.fields) {
      const { item, group } = selectFieldSql(b, alias, f);
      selects.push(item);
      if (aggregated && !f.aggregate) groupBy.push(group);
    }
    for (const h of node.hoisted) selects.push(hoistedSql(h));
    // A to-one spread is never aggregated itself: what passes through needs no grouping.
    for (const p of node.passThrough) selects.push(`${ident(p.relationAlias)}.${ident(p.column)}`);
  }
  for (const embed of node.embeds) {
    const { join, selects: added } = embedSql(b, alias, embed);
    joins.push(join);
    if (bare) continue;
    for (const item of added) {
      selects.push(item);
      if (aggregated) groupBy.push(grouped(item));
    }
  }
  if (bare) selects.push('1');
  let from: string;
  const extraWhere: string[] = [];
  if (parent) {
    const child = childFrom(parent.embed, parent.alias);
    from = child.from.join(', ');
    extraWhere.push(...child.where);
  } else from = options.rootFrom ?? `${sourceSql(node.source)} AS ${ident(alias)}`;
  let sql = `SELECT ${selects.join(', ')} FROM ${from}${joins.join('')}${whereSql(b, alias, node.where, extraWhere)}`;
  if (aggregated && groupBy.length) sql += ` GROUP BY ${groupBy.join(', ')}`;
  if (!options.countOnly) {
    sql += orderSql(b, alias, node);
    const limit = parent ? node.limit : options.rootLimit;
    if (limit !== undefined) sql += ` LIMIT ${b.param(limit)}`;
    if (node.offset) sql += ` OFFSET ${b.param(node.offset)}`;
  }
  return sql;
}
