// The select list's shape where SQL needs names, decided here against the schema cache so the SQL
// stage never consults it: `*` expanded into the relation's columns under aggregates (they group
// by every other column) and in spreads (their columns are lifted into the parent), each spread's
// output names, and aggregates inside to-one spreads hoisted to the nearest level that is not a
// to-one spread, as PostgREST does (`rel(count(), ...detail(col.sum()))` groups at `rel`).
import type { SelectField } from '../parse/types.ts';
import { key, type SchemaCache } from '../schema/types.ts';
import type { HoistedAggregate, ReadNode } from './types.ts';

/** The output key of a select field: alias, else the aggregate or last JSON key or column name. */
export function outputName(f: SelectField): string {
  if (f.alias) return f.alias;
  if (f.aggregate) return f.field.name === '' ? 'count' : f.aggregate;
  const keys = f.field.json.filter((j) => !j.index);
  return keys.length ? keys[keys.length - 1]!.key : f.field.name;
}

const isStar = (f: SelectField) =>
  f.field.name === '*' && !f.aggregate && f.field.json.length === 0;

/** The columns of the relation a node reads, in order; undefined when the cache does not know them. */
function columnsOf(cache: SchemaCache, node: ReadNode): string[] | undefined {
  const source = node.source;
  const table =
    source.kind === 'table'
      ? cache.tables.get(key(source.schema, source.name))
      : source.routine.returnsTable &&
        cache.tables.get(key(source.routine.returnsTable.schema, source.routine.returnsTable.name));
  if (!table) return undefined;
  return [...table.columns.values()].sort((a, b) => a.position - b.position).map((c) => c.name);
}

function expandStars(cache: SchemaCache, node: ReadNode): void {
  if (!node.fields.some(isStar)) return;
  const columns = columnsOf(cache, node);
  if (!columns) return;
  node.fields = node.fields.flatMap((f) =>
    isStar(f)
      ? columns.map((name) => ({ type: 'field' as const, field: { name, json: [] } }))
      : [f],
  );
}

/** Output names of a node as its parent sees them ('*' where the columns are unknown). */
function outputNames(node: ReadNode): string[] {
  const names = node.fields.map((f) => (isStar(f) ? '*' : outputName(f)));
  for (const e of node.embeds) {
    if (e.hidden) continue;
    if (e.spread) names.push(...e.spreadColumns);
    else names.push(e.outputName);
  }
  return names;
}

type Pending = Omit<HoistedAggregate, 'relationAlias'>;

interface Shaping {
  cache: SchemaCache;
  /** Hoisted columns named so far (pgrst_hoist_1, _2 …). */
  hoisted: number;
}

/** A to-one spread's aggregates become plain columns its parent aggregates. */
function hoist(state: Shaping, node: ReadNode): Pending[] {
  const up: Pending[] = [];
  node.fields.forEach((f, i) => {
    if (!f.aggregate) return;
    const column = `pgrst_hoist_${++state.hoisted}`;
    up.push({
      column,
      aggregate: f.aggregate,
      aggregateCast: f.aggregateCast,
      outputName: outputName(f),
    });
    // count() counts the rows that joined: the SQL stage selects a constant for it.
    node.fields[i] = {
      type: 'field',
      field: f.field,
      alias: column,
      ...(f.cast ? { cast: f.cast } : {}),
    };
  });
  return up;
}

/** Shapes a node and its embeds; returns what a to-one spread passes up to be aggregated. */
function visit(
  state: Shaping,
  node: ReadNode,
  underAggregate: boolean,
  toOneSpread: boolean,
  spread: boolean,
): Pending[] {
  const aggregated = underAggregate || node.fields.some((f) => f.aggregate !== undefined);
  const pending: HoistedAggregate[] = [];
  for (const embed of node.embeds) {
    const lifted = visit(state, embed.node, aggregated, embed.spread && embed.toOne, embed.spread);
    for (const p of lifted) pending.push({ ...p, relationAlias: embed.node.alias });
    if (embed.spread) {
      const hoisted = new Set(lifted.map((p) => p.column));
      embed.spreadColumns = outputNames(embed.node).filter(
        (n) => !hoisted.has(n) && (embed.toOne || n !== '*'),
      );
    }
  }
  if (aggregated || spread || (pending.length > 0 && !toOneSpread)) expandStars(state.cache, node);
  if (!toOneSpread) {
    if (pending.length) node.hoisted.push(...pending);
    return [];
  }
  // A to-one spread passes its own aggregates up, and those of its own spreads through it.
  const up = hoist(state, node);
  for (const { relationAlias, ...p } of pending) {
    node.passThrough.push({ relationAlias, column: p.column });
    up.push(p);
  }
  return up;
}

/** Expands stars, hoists spread aggregates and records spread columns, bottom-up. */
export function shapeSelects(cache: SchemaCache, root: ReadNode): void {
  visit({ cache, hoisted: 0 }, root, false, false, false);
}
