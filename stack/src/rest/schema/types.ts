// The schema cache's shape: what PostgREST knows about the exposed schemas — tables and views
// with their columns and keys, relationships (foreign keys, junctions, computed), and the
// functions callable over RPC. Plain data: the planner reads one snapshot of it per request.

export interface QualifiedName {
  schema: string;
  name: string;
}

export interface Column {
  name: string;
  /** format_type() of the column, used to read JSON bodies (json_to_recordset). */
  type: string;
  nullable: boolean;
  /**
   * The expression Postgres would use for a missing value (`Prefer: missing=default`): the
   * column default, `nextval(…)` for identity columns, a domain's default; null for none and
   * for generated columns.
   */
  default: string | null;
  description: string | null;
  position: number;
}

export interface Table {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  description: string | null;
  columns: Map<string, Column>;
  primaryKey: string[];
}

export type Cardinality = 'm2o' | 'o2m' | 'o2o' | 'm2m';

export interface Junction {
  table: QualifiedName;
  constraint1: string;
  constraint2: string;
  /** (table column, junction column) */
  source: [string, string][];
  /** (junction column, foreign column) */
  target: [string, string][];
}

export interface Relationship {
  /** The table embedding (the parent in the request). */
  table: QualifiedName;
  /** The table being embedded. */
  foreign: QualifiedName;
  cardinality: Cardinality;
  /** Constraint name (for m2m, the junction's constraint towards table). */
  constraint: string;
  /** Pairs of (table column, foreign column); for m2m the junction pairs below. */
  columns: [string, string][];
  junction?: Junction;
  /**
   * A computed relationship: a function taking table's row and returning foreign rows; to-one
   * when it returns a single row or is declared `returns setof … rows 1`.
   */
  computed?: { fn: QualifiedName; toOne: boolean };
}

export interface FunctionParam {
  /** '' for an unnamed parameter. */
  name: string;
  type: string;
  /** The type a JSON value is read as: character and bit widened to their varying forms. */
  readType: string;
  required: boolean;
  variadic: boolean;
}

export interface RoutineInfo {
  schema: string;
  name: string;
  params: FunctionParam[];
  /** The return type's name (format_type). */
  returnType: string;
  returnsSet: boolean;
  /** Rows of a table or view, a composite type, or OUT / TABLE parameters. */
  returnsComposite: boolean;
  /** The relation whose rows it returns, for embedding from its result. */
  returnsTable?: QualifiedName;
  volatility: 'i' | 's' | 'v';
  description: string | null;
}

export interface SchemaCache {
  schemas: string[];
  tables: Map<string, Table>;
  /** Relationships keyed by `schema.table` of the embedding side. */
  relationships: Map<string, Relationship[]>;
  /** Functions callable over RPC by `schema.name`, overloads in PostgREST's order. */
  routines: Map<string, RoutineInfo[]>;
  aggregatesEnabled: boolean;
  /** `pgrst.db_plan_enabled`: execution plans may be asked for (vnd.pgrst.plan). */
  planEnabled: boolean;
  loadedAt: Date;
}

export const key = (schema: string, name: string) => `${schema}.${name}`;
