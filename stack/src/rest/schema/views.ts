// Foreign keys seen through views, as PostgREST infers them: each view column that passes a base
// column through unchanged (the `resorigtbl` / `resorigcol` of the view's target list) carries the
// base column's foreign keys and primary key, so views embed like the tables beneath them.
import type { Queryable } from '../../db/adapter.ts';

const RELATIONS = `
  select c.oid::text as oid, n.nspname as schema, c.relname as name, c.relkind::text as kind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r','p','f','v','m') and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg_toast%'`;

const ATTRIBUTES = `
  select a.attrelid::text as oid, a.attnum::int as num, a.attname::text as name
  from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r','p','f','v','m') and a.attnum > 0 and not a.attisdropped
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`;

const KEYS = `
  select k.conname::text as name, k.contype::text as type, k.conrelid::text as src, k.conkey::int[] as src_cols,
    k.confrelid::text as dst, coalesce(k.confkey::int[], '{}') as dst_cols
  from pg_constraint k
  where k.contype in ('p', 'u') or (k.contype = 'f' and k.conparentid = 0) order by k.conname`;

const VIEW_DEFS = `
  select r.ev_class::text as oid, r.ev_action::text as action
  from pg_rewrite r join pg_class c on c.oid = r.ev_class join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('v','m') and r.rulename = '_RETURN' and n.nspname = any($1::text[])`;

export interface NamedFk {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  fschema: string;
  ftable: string;
  fcolumns: string[];
}

export interface KeyInfo {
  foreignKeys: NamedFk[];
  /** Primary keys of views, inherited from their base tables: `schema.view` → columns. */
  viewPrimaryKeys: Map<string, string[]>;
  /** Unique column sets (primary and unique keys) by `schema.table`, views included. */
  uniques: Map<string, string[][]>;
}

type Origin = { oid: string; num: number };

/** Parses a view's target list: output column number → the base column it passes through. */
function viewOrigins(action: string, names: Map<number, string>): Map<number, Origin> {
  const out = new Map<number, Origin>();
  const re =
    /:resno (\d+) :resname ((?:\\.|\S)+) :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+)/g;
  for (const m of action.matchAll(re)) {
    const resno = Number(m[1]);
    const resname = m[2]!.replace(/\\(.)/g, '$1');
    if (names.get(resno) !== resname) continue;
    if (m[3] === '0') out.delete(resno);
    else out.set(resno, { oid: m[3]!, num: Number(m[4]) });
  }
  return out;
}

export async function loadKeys(db: Queryable, schemas: string[]): Promise<KeyInfo> {
  const rels = (
    await db.query<{ oid: string; schema: string; name: string; kind: string }>(RELATIONS)
  ).rows;
  const attrs = (await db.query<{ oid: string; num: number; name: string }>(ATTRIBUTES)).rows;
  const keys = (
    await db.query<{
      name: string;
      type: string;
      src: string;
      src_cols: number[];
      dst: string;
      dst_cols: number[];
    }>(KEYS)
  ).rows;
  const views = (await db.query<{ oid: string; action: string }>(VIEW_DEFS, [schemas])).rows;

  const relByOid = new Map(rels.map((r) => [r.oid, r]));
  const attName = new Map<string, Map<number, string>>();
  for (const a of attrs) {
    const m = attName.get(a.oid) ?? new Map<number, string>();
    m.set(a.num, a.name);
    attName.set(a.oid, m);
  }
  // view oid → its columns' base origins, resolved through views of views.
  const direct = new Map<string, Map<number, Origin>>();
  for (const v of views) direct.set(v.oid, viewOrigins(v.action, attName.get(v.oid) ?? new Map()));
  const resolve = (o: Origin, depth = 0): Origin | undefined => {
    const next = direct.get(o.oid)?.get(o.num);
    if (!direct.has(o.oid)) return o;
    return next && depth < 20 ? resolve(next, depth + 1) : undefined;
  };
  /** For a base table oid, every exposed relation showing those columns: (oid, column names). */
  /**
   * For a base table oid, every exposed relation showing those columns, with their names there:
   * a view showing a column twice shows the key each way (PostgREST expands every combination).
   */
  const exposures = (oid: string, cols: number[]): { oid: string; names: string[] }[] => {
    const out: { oid: string; names: string[] }[] = [];
    const base = relByOid.get(oid);
    if (base && schemas.includes(base.schema))
      out.push({ oid, names: cols.map((c) => attName.get(oid)?.get(c) ?? '') });
    for (const [viewOid, origins] of direct) {
      const choices = cols.map((c) =>
        [...origins.keys()]
          .filter((resno) => {
            const r = resolve(origins.get(resno)!);
            return r?.oid === oid && r.num === c;
          })
          .map((resno) => attName.get(viewOid)!.get(resno)!),
      );
      if (choices.some((names) => names.length === 0)) continue;
      const combinations = choices.reduce<string[][]>(
        (acc, names) => acc.flatMap((prefix) => names.map((n) => [...prefix, n])),
        [[]],
      );
      for (const names of combinations) out.push({ oid: viewOid, names });
    }
    return out;
  };

  const foreignKeys: NamedFk[] = [];
  const uniques = new Map<string, string[][]>();
  const viewPrimaryKeys = new Map<string, string[]>();
  for (const k of keys) {
    if (k.type === 'f') {
      for (const s of exposures(k.src, k.src_cols))
        for (const d of exposures(k.dst, k.dst_cols)) {
          const sr = relByOid.get(s.oid)!;
          const dr = relByOid.get(d.oid)!;
          foreignKeys.push({
            name: k.name,
            schema: sr.schema,
            table: sr.name,
            columns: s.names,
            fschema: dr.schema,
            ftable: dr.name,
            fcolumns: d.names,
          });
        }
      continue;
    }
    for (const e of exposures(k.src, k.src_cols)) {
      const r = relByOid.get(e.oid)!;
      const key = `${r.schema}.${r.name}`;
      uniques.set(key, [...(uniques.get(key) ?? []), e.names]);
      if (k.type === 'p' && e.oid !== k.src && !viewPrimaryKeys.has(key))
        viewPrimaryKeys.set(key, e.names);
    }
  }
  return { foreignKeys, viewPrimaryKeys, uniques };
}
