// The metadata `gen types` works from, shaped as Supabase's postgres-meta lists it: relations,
// columns, foreign-key relationships (through views too), functions with their arguments, and
// every type.

export interface Relation {
  id: string;
  schema: string;
  name: string;
  kind: 'table' | 'view';
  /** pg_class.relkind: r, p, f (tables), v, m (views). */
  relkind: string;
  /** Views: Postgres can update and delete through it. */
  isUpdatable: boolean;
}

export interface ColumnInfo {
  tableId: string;
  name: string;
  /** The type's name (`int4`, `_text`, an enum's name; a domain's base type). */
  format: string;
  isNullable: boolean;
  isIdentity: boolean;
  identityGeneration: 'ALWAYS' | 'BY DEFAULT' | null;
  defaultValue: string | null;
  isUpdatable: boolean;
}

export interface RelationshipInfo {
  foreignKeyName: string;
  schema: string;
  relation: string;
  columns: string[];
  isOneToOne: boolean;
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
}

export interface FunctionArg {
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  name: string;
  typeId: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  schema: string;
  name: string;
  args: FunctionArg[];
  /** pg_get_function_arguments: `users` for a single unnamed row argument. */
  argumentTypes: string;
  returnTypeId: string;
  returnType: string;
  returnTypeRelationId: string | null;
  isSetReturning: boolean;
  /** The planner's row estimate of a set-returning function (`ROWS n`). */
  prorows: number | null;
}

export interface TypeInfo {
  id: string;
  name: string;
  schema: string;
  /** format_type(): the name as the search_path sees it. */
  format: string;
  enums: string[];
  attributes: { name: string; typeId: string }[];
  typeRelationId: string | null;
}

export interface Metadata {
  schemas: string[];
  relations: Relation[];
  columns: ColumnInfo[];
  relationships: RelationshipInfo[];
  functions: FunctionInfo[];
  types: TypeInfo[];
}
