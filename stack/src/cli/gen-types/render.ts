// The `Database` type of `supabase gen types typescript`, for each generated schema: Tables
// (Row, Insert, Update, Relationships), Views (Insert and Update when updatable), Functions, Enums
// and CompositeTypes, then the helper types and Constants (helpers.ts). The text follows the
// CLI's template line for line where prettier keeps the author's line breaks (after an object's
// `{`); prettier does the rest (format.ts).
import type { ColumnInfo, Relation, RelationshipInfo } from './metadata.ts';
import { functionsOf, returnType, signatures, type SchemaFunction } from './functions.ts';
import { helperTypes } from './helpers.ts';
import { byName, type Model } from './model.ts';
import { nullable, pgTypeToTs } from './pg-types.ts';

const EMPTY = '[_ in never]: never';
const q = JSON.stringify;

/** An object type whose members each stand on a line, as the CLI writes them. */
const block = (members: string[]) => `{\n${members.join('\n')}\n}`;

function column(model: Model, schema: string, c: ColumnInfo, optional: boolean, isNull: boolean) {
  const ts = nullable(pgTypeToTs(model.meta, schema, c.format), isNull);
  return `${q(c.name)}${optional ? '?' : ''}: ${ts}`;
}

function relationships(list: RelationshipInfo[]): string {
  return `[\n${list
    .map((r) =>
      block([
        `foreignKeyName: ${q(r.foreignKeyName)}`,
        `columns: ${q(r.columns)}`,
        `isOneToOne: ${r.isOneToOne}`,
        `referencedRelation: ${q(r.referencedRelation)}`,
        `referencedColumns: ${q(r.referencedColumns)}`,
      ]),
    )
    .join(',\n')}\n]`;
}

interface SchemaParts {
  schema: string;
  tables: Relation[];
  views: Relation[];
  functions: SchemaFunction[];
  relationshipsOf(r: Relation): RelationshipInfo[];
}

/** Row: the columns, then the computed fields (functions of one row of this relation). */
function row(model: Model, parts: SchemaParts, r: Relation): string {
  const { schema } = parts;
  const columns = model.columnsOf(r.id).map((c) => column(model, schema, c, false, c.isNullable));
  const computed = parts.functions
    .filter(({ fn }) => fn.argumentTypes === r.name)
    .map(({ fn }) => `${q(fn.name)}: ${nullable(returnType(model, schema, fn), true)}`);
  return `Row: ${block([...columns, ...computed])}`;
}

function table(model: Model, parts: SchemaParts, r: Relation): string {
  const { schema } = parts;
  const columns = model.columnsOf(r.id);
  const never = (c: ColumnInfo) => `${q(c.name)}?: never`;
  const insert = columns.map((c) =>
    c.identityGeneration === 'ALWAYS'
      ? never(c)
      : column(
          model,
          schema,
          c,
          c.isNullable || c.isIdentity || c.defaultValue !== null,
          c.isNullable,
        ),
  );
  const update = columns.map((c) =>
    c.identityGeneration === 'ALWAYS' ? never(c) : column(model, schema, c, true, c.isNullable),
  );
  return `${q(r.name)}: ${block([
    row(model, parts, r),
    `Insert: ${block(insert)}`,
    `Update: ${block(update)}`,
    `Relationships: ${relationships(parts.relationshipsOf(r))}`,
  ])}`;
}

function view(model: Model, parts: SchemaParts, r: Relation): string {
  const writes = model
    .columnsOf(r.id)
    .map((c) =>
      c.isUpdatable ? column(model, parts.schema, c, true, true) : `${q(c.name)}?: never`,
    );
  const members = [row(model, parts, r)];
  if (r.isUpdatable) members.push(`Insert: ${block(writes)}`, `Update: ${block(writes)}`);
  members.push(`Relationships: ${relationships(parts.relationshipsOf(r))}`);
  return `${q(r.name)}: ${block(members)}`;
}

function functionsSection(model: Model, parts: SchemaParts): string[] {
  const groups = new Map<string, SchemaFunction[]>();
  for (const f of parts.functions) groups.set(f.fn.name, [...(groups.get(f.fn.name) ?? []), f]);
  return [...groups].map(([name, group]) => {
    group.sort(
      (a, b) =>
        a.fn.argumentTypes.localeCompare(b.fn.argumentTypes) ||
        a.fn.returnType.localeCompare(b.fn.returnType),
    );
    return `${q(name)}:\n${signatures(model, parts.schema, group)}`;
  });
}

function schemaType(model: Model, parts: SchemaParts): string {
  const { schema } = parts;
  const or = (items: string[]) => block(items.length ? items : [EMPTY]);
  const enums = model.meta.types
    .filter((t) => t.schema === schema && t.enums.length > 0)
    .sort(byName)
    .map((e) => `${q(e.name)}: ${e.enums.map((v) => q(v)).join('|')}`);
  const composites = model.meta.types
    .filter((t) => t.schema === schema && t.attributes.length > 0)
    .sort(byName)
    .map((t) => {
      const attributes = t.attributes.map((a) => {
        const type = model.typesById.get(a.typeId);
        const ts = type ? nullable(pgTypeToTs(model.meta, schema, type.name), true) : 'unknown';
        return `${q(a.name)}: ${ts}`;
      });
      return `${q(t.name)}: ${block(attributes)}`;
    });
  return `${q(schema)}: ${block([
    `Tables: ${or(parts.tables.map((r) => table(model, parts, r)))}`,
    `Views: ${or(parts.views.map((r) => view(model, parts, r)))}`,
    `Functions: ${or(functionsSection(model, parts))}`,
    `Enums: ${or(enums)}`,
    `CompositeTypes: ${or(composites)}`,
  ])}`;
}

/** The whole file, before formatting. */
export function renderTypes(model: Model, postgrestVersion: string): string {
  const relationships = [...model.meta.relationships].sort(
    (a, b) =>
      a.foreignKeyName.localeCompare(b.foreignKeyName) ||
      a.referencedRelation.localeCompare(b.referencedRelation) ||
      JSON.stringify(a.referencedColumns).localeCompare(JSON.stringify(b.referencedColumns)),
  );
  const schemas = [...model.meta.schemas].sort((a, b) => a.localeCompare(b));
  const parts = schemas.map((schema): SchemaParts => ({
    schema,
    tables: model.meta.relations
      .filter((r) => r.schema === schema && r.kind === 'table')
      .sort(byName),
    views: model.meta.relations
      .filter((r) => r.schema === schema && r.kind === 'view')
      .sort(byName),
    functions: functionsOf(model, schema),
    relationshipsOf: (r) =>
      relationships.filter(
        (x) => x.schema === r.schema && x.relation === r.name && x.referencedSchema === r.schema,
      ),
  }));
  const internal = [
    '// The version of PostgREST serving this schema: createClient<Database>() enables what it',
    '// supports without a { PostgrestVersion } option',
    `__InternalSupabase: {\nPostgrestVersion: ${q(postgrestVersion)}\n}`,
  ].join('\n');
  const database = block([internal, ...parts.map((p) => schemaType(model, p))]);
  const json =
    'export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]';
  return `${json}\n\nexport type Database = ${database}\n\n${helperTypes(model.meta)}`;
}
