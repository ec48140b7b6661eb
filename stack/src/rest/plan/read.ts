// Plans a read: the select tree with its embeds resolved to relationships, and each filter,
// logic tree, order, limit and offset placed on the level its path names.
import {
  aggregatesNotAllowed,
  duplicateEmbedAlias,
  notEmbedded,
  relatedOrderNotToOne,
  unacceptableFilter,
} from '../errors.ts';
import type { LogicTree, QueryParts, SelectItem } from '../parse/types.ts';
import type { SchemaCache } from '../schema/types.ts';
import { findRelationship, isToOne } from './relationships.ts';
import { shapeSelects } from './shape.ts';
import type { EmbedNode, PlannedLogic, ReadNode, ReadSource } from './types.ts';

export interface PlanContext {
  cache: SchemaCache;
  schema: string;
  next: number;
}

export function nextAlias(ctx: PlanContext, base: string): string {
  ctx.next += 1;
  return `${base}_${ctx.next}`;
}

/**
 * The node tree for `select` over `source`, a relation named `origin` (for relationship lookup),
 * with `*` expanded and aggregates hoisted where the SQL needs it (see shape.ts).
 */
export function planTree(
  ctx: PlanContext,
  source: ReadSource,
  origin: string,
  alias: string,
  items: SelectItem[],
): ReadNode {
  const root = planSelect(ctx, source, origin, alias, items, 1);
  shapeSelects(ctx.cache, root);
  return root;
}

function planSelect(
  ctx: PlanContext,
  source: ReadSource,
  origin: string,
  alias: string,
  items: SelectItem[],
  depth: number,
): ReadNode {
  const node: ReadNode = {
    source,
    alias,
    fields: [],
    embeds: [],
    hoisted: [],
    passThrough: [],
    where: [],
    order: [],
  };
  const names = new Set<string>();
  for (const item of items) {
    if (item.type === 'field') {
      if (item.aggregate && !ctx.cache.aggregatesEnabled) throw aggregatesNotAllowed();
      node.fields.push(item);
      continue;
    }
    const rel = findRelationship(ctx.cache, ctx.schema, origin, item.name, item.hint);
    const outputName = item.alias ?? item.name;
    // PostgREST names each embed's join `<table>_<name>_<depth>`: siblings must differ.
    if (names.has(outputName))
      throw duplicateEmbedAlias(`${rel.table.name}_${outputName}_${depth}`);
    names.add(outputName);
    const childAlias = nextAlias(ctx, rel.foreign.name);
    const child = planSelect(
      ctx,
      { kind: 'table', schema: rel.foreign.schema, name: rel.foreign.name },
      rel.foreign.name,
      childAlias,
      item.children,
      depth + 1,
    );
    const embed: EmbedNode = {
      outputName,
      rel,
      toOne: isToOne(rel),
      inner: item.join === 'inner',
      spread: item.spread,
      spreadColumns: [],
      hidden: item.children.length === 0,
      node: child,
    };
    node.embeds.push(embed);
  }
  return node;
}

function findEmbed(node: ReadNode, name: string): EmbedNode | undefined {
  return node.embeds.find((e) => e.outputName === name);
}

/** The node a `a.b.` path names, or PGRST108 when a segment is not embedded. */
function nodeAt(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const segment of path) {
    const embed = findEmbed(node, segment);
    if (!embed) throw notEmbedded(segment);
    node = embed.node;
  }
  return node;
}

function planLogic(node: ReadNode, tree: LogicTree): PlannedLogic {
  if (tree.type === 'expr')
    return {
      type: 'expr',
      negate: tree.negate,
      op: tree.op,
      children: tree.children.map((c) => planLogic(node, c)),
    };
  const { filter } = tree;
  const embed = filter.field.json.length === 0 ? findEmbed(node, filter.field.name) : undefined;
  if (embed) {
    const op = filter.operation;
    if (op.op !== 'is' || (op.value !== 'null' && op.value !== 'not_null'))
      throw unacceptableFilter(filter.field.name);
    const isNull = (op.value === 'null') !== filter.negate;
    return { type: 'filter', filter: { kind: 'embed-null', alias: embed.node.alias, isNull } };
  }
  return { type: 'filter', filter: { kind: 'filter', filter } };
}

/** Applies filters, logic trees, order, limit and offset from the query to their levels. */
export function applyQuery(root: ReadNode, parts: QueryParts, rootOrigin: string): void {
  for (const f of parts.filters) {
    const node = nodeAt(root, f.path);
    node.where.push(planLogic(node, { type: 'filter', filter: f.value }));
  }
  for (const l of parts.logic) {
    const node = nodeAt(root, l.path);
    node.where.push(planLogic(node, l.value));
  }
  for (const o of parts.order) {
    const node = nodeAt(root, o.path);
    for (const term of o.value) {
      if (!term.relation) {
        node.order.push(term);
        continue;
      }
      const embed = findEmbed(node, term.relation);
      if (!embed) throw notEmbedded(term.relation);
      if (!embed.toOne)
        throw relatedOrderNotToOne(o.path[o.path.length - 1] ?? rootOrigin, term.relation);
      node.order.push({ ...term, relationAlias: embed.node.alias });
    }
  }
  for (const l of parts.limits) nodeAt(root, l.path).limit = l.value;
  for (const o of parts.offsets) nodeAt(root, o.path).offset = o.value;
}
