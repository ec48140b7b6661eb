// Finds the one relationship an embed names (PostgREST's findRel): by table, constraint, column,
// computed-relationship function or junction, with `!hint` disambiguation, and the PGRST200 /
// PGRST201 errors (with their details and hints) when there is none or more than one.
import { ambiguousRelationship, noRelationship } from '../errors.ts';
import { key, type Relationship, type SchemaCache } from '../schema/types.ts';
import { closest, fuzzyMatches } from './suggest.ts';

const single = (rel: Relationship, side: 0 | 1): string | undefined =>
  rel.columns.length === 1 ? rel.columns[0]![side] : undefined;
const isSelf = (r: Relationship) =>
  r.table.schema === r.foreign.schema && r.table.name === r.foreign.name && !r.computed;
const fk = (r: Relationship) => r.cardinality !== 'm2m' && !r.computed;

export function findRelationship(
  cache: SchemaCache,
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const all = cache.relationships.get(key(schema, origin)) ?? [];
  const matches = all.filter((r) => {
    if (r.computed) return target === r.computed.fn.name;
    const foreignIsView = cache.tables.get(key(r.foreign.schema, r.foreign.name))?.kind === 'view';
    if (isSelf(r)) {
      if (!hint)
        return (
          (target === r.foreign.name && r.cardinality === 'o2m') ||
          (single(r, 0) === target && r.cardinality === 'm2o')
        );
      return target === r.foreign.name && r.cardinality === 'o2m' && single(r, 1) === hint;
    }
    if (!hint)
      return (
        target === r.foreign.name ||
        (fk(r) && r.constraint === target && !foreignIsView) ||
        (fk(r) && single(r, 0) === target && !foreignIsView)
      );
    return (
      target === r.foreign.name &&
      ((fk(r) && r.constraint === hint) ||
        (fk(r) && single(r, 0) === hint) ||
        (fk(r) && single(r, 1) === hint) ||
        (r.cardinality === 'm2m' && r.junction!.table.name === hint))
    );
  });
  // Computed relationships override foreign-key ones of the same name.
  const computed = matches.filter((r) => r.computed);
  const found = computed.length > 0 ? computed : matches;
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw relationshipNotFound(cache, schema, origin, target, hint);
  throw ambiguousRelationship(origin, target, found.map(describe), found.map(hintFor));
}

function relationshipNotFound(
  cache: SchemaCache,
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
) {
  const details = `Searched for a foreign key relationship between '${origin}' and '${target}'${
    hint ? ` using the hint '${hint}'` : ''
  } in the schema '${schema}', but no matches were found.`;
  const own = cache.relationships.get(key(schema, origin));
  let suggestion: string | undefined;
  if (own) {
    const names = own.map((r) => r.foreign.name);
    // No suggestion when the target is one of them: the hint is then about something else.
    const best = fuzzyMatches(target, names).find((m) => m.score < 1)?.name;
    if (best) suggestion = `Perhaps you meant '${best}' instead of '${target}'.`;
  } else {
    const origins = [...cache.relationships.keys()]
      .filter((k) => k.startsWith(`${schema}.`))
      .map((k) => k.slice(schema.length + 1));
    const best = closest(origin, origins);
    if (best) suggestion = `Perhaps you meant '${best}' instead of '${origin}'.`;
  }
  return noRelationship(
    `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    details,
    suggestion ?? null,
  );
}

const cols = (list: string[]) => `(${list.join(', ')})`;

function describe(r: Relationship): Record<string, string> {
  const embedding = `${r.table.name} with ${r.foreign.name}`;
  if (r.cardinality === 'm2m') {
    const j = r.junction!;
    return {
      cardinality: 'many-to-many',
      embedding,
      relationship: `${j.table.name} using ${j.constraint1}${cols(j.source.map((p) => p[1]))} and ${j.constraint2}${cols(j.target.map((p) => p[0]))}`,
    };
  }
  const names = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one' } as const;
  return {
    cardinality: names[r.cardinality],
    embedding,
    relationship: `${r.constraint} using ${r.table.name}${cols(r.columns.map((p) => p[0]))} and ${r.foreign.name}${cols(r.columns.map((p) => p[1]))}`,
  };
}

function hintFor(r: Relationship): string {
  return `'${r.foreign.name}!${r.cardinality === 'm2m' ? r.junction!.table.name : r.constraint}'`;
}

/** Whether embedding r yields one object (to-one) rather than an array. */
export function isToOne(r: Relationship): boolean {
  if (r.computed) return r.computed.toOne;
  return r.cardinality === 'm2o' || r.cardinality === 'o2o';
}
