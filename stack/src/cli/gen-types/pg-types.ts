// Postgres type names as the TypeScript types `supabase gen types` writes for them: scalars,
// arrays, JSON, and references into the Database type for enums, composite types and the row
// types of tables and views in the generated schemas (`unknown` for anything else).
import type { Metadata } from './metadata.ts';

const NUMBERS = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);
const STRINGS = new Set([
  'bytea',
  'bpchar',
  'varchar',
  'date',
  'text',
  'citext',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'uuid',
  'vector',
  'interval',
]);

const ref = (...path: string[]) => `Database${path.map((p) => `[${JSON.stringify(p)}]`).join('')}`;

/** Prefers the candidate in `schema`, else the first. */
function pick<T extends { schema: string }>(candidates: T[], schema: string): T | undefined {
  return candidates.find((c) => c.schema === schema) ?? candidates[0];
}

export function pgTypeToTs(meta: Metadata, schema: string, pgType: string): string {
  if (pgType === 'bool') return 'boolean';
  if (NUMBERS.has(pgType)) return 'number';
  if (STRINGS.has(pgType)) return 'string';
  if (pgType === 'json' || pgType === 'jsonb') return 'Json';
  if (pgType === 'void') return 'undefined';
  if (pgType === 'record') return 'Record<string, unknown>';
  if (pgType.startsWith('_')) return `(${pgTypeToTs(meta, schema, pgType.slice(1))})[]`;
  const generated = (s: string) => meta.schemas.includes(s);
  const anEnum = pick(
    meta.types.filter((t) => t.name === pgType && t.enums.length > 0),
    schema,
  );
  if (anEnum)
    return generated(anEnum.schema)
      ? ref(anEnum.schema, 'Enums', anEnum.name)
      : anEnum.enums.map((v) => JSON.stringify(v)).join('|');
  const composite = pick(
    meta.types.filter((t) => t.name === pgType && t.attributes.length > 0),
    schema,
  );
  if (composite)
    return generated(composite.schema)
      ? ref(composite.schema, 'CompositeTypes', composite.name)
      : 'unknown';
  // Row types of tables and (plain) views only, as postgres-meta looks them up.
  for (const kind of ['table', 'view'] as const) {
    const kinds = kind === 'table' ? ['r', 'p'] : ['v'];
    const relation = pick(
      meta.relations.filter((r) => kinds.includes(r.relkind) && r.name === pgType),
      schema,
    );
    if (relation)
      return generated(relation.schema)
        ? ref(relation.schema, kind === 'table' ? 'Tables' : 'Views', relation.name, 'Row')
        : 'unknown';
  }
  return 'unknown';
}

/** `type | null` where the value may be null (unknown already includes null). */
export function nullable(tsType: string, isNullable: boolean): string {
  return tsType === 'unknown' || tsType === 'any' || !isNullable ? tsType : `${tsType} | null`;
}
