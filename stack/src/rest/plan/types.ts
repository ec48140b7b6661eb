// The plan: a request resolved against the schema cache — which relation or function, which
// relationships each embed uses, and where every filter, order and limit applies.
import type { Preferences } from '../parse/prefer.ts';
import type { Field, Filter, SelectField } from '../parse/types.ts';
import type { Relationship, RoutineInfo, Table } from '../schema-cache.ts';

export type PlannedFilter =
  | { kind: 'filter'; filter: Filter }
  /** `rel=is.null` / `rel=not.is.null` on an embedded resource: tests the lateral join's value. */
  | { kind: 'embed-null'; alias: string; isNull: boolean };

export type PlannedLogic =
  | { type: 'filter'; filter: PlannedFilter }
  | { type: 'expr'; negate: boolean; op: 'and' | 'or'; children: PlannedLogic[] };

export interface PlannedOrder {
  /** SQL alias of a to-one embed's lateral join when ordering by its column. */
  relationAlias?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface CallSource {
  kind: 'call';
  routine: RoutineInfo;
  /** Named arguments as JSON text (one object), or a single unnamed json argument. */
  args:
    | { mode: 'named'; names: string[]; json: string }
    | { mode: 'single'; json: string }
    | { mode: 'none' };
}

export type ReadSource = { kind: 'table'; schema: string; name: string } | CallSource;

export interface ReadNode {
  source: ReadSource;
  /** SQL alias of this level's relation. */
  alias: string;
  fields: SelectField[];
  embeds: EmbedNode[];
  where: PlannedLogic[];
  order: PlannedOrder[];
  limit?: number;
  offset?: number;
}

export interface EmbedNode {
  /** The key in the JSON output (alias or relation name). */
  outputName: string;
  rel: Relationship;
  toOne: boolean;
  inner: boolean;
  spread: boolean;
  /** An embed with no columns `rel()`: used for filtering, left out of the output. */
  hidden: boolean;
  node: ReadNode;
}

export type Media = 'json' | 'object' | 'csv';

export interface ReadPlan {
  kind: 'read';
  table?: Table;
  root: ReadNode;
  media: Media;
  stripNulls?: boolean;
  count?: 'exact' | 'planned' | 'estimated';
  /** HEAD: no body. */
  headOnly: boolean;
  /** The query's own limit/offset as asked (before max_rows), for Content-Range. */
  offset: number;
  maxRows?: number;
  /** RPC reads: what the function returns. */
  routine?: RoutineInfo;
}

export interface WriteColumn {
  name: string;
  type: string;
  default: string | null;
}

export interface MutatePlan {
  kind: 'insert' | 'update' | 'delete';
  table: Table;
  /** Columns taken from the body (insert/update). */
  columns: WriteColumn[];
  /** The JSON body text (insert/update). */
  body?: string;
  bodyIsArray: boolean;
  applyDefaults: boolean;
  onConflict?: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' };
  /** PUT: the primary-key filters that the body must match. */
  put?: { filters: Filter[] };
  where: PlannedLogic[];
  /** Read of the affected rows (return=representation / headers-only). */
  returning: ReadNode;
  media: Media;
  stripNulls?: boolean;
  prefs: Preferences;
  /** Insert with return=headers-only: primary key for the Location header. */
  locationColumns: string[];
  count?: 'exact' | 'planned' | 'estimated';
  limit?: number;
  order: PlannedOrder[];
}

export interface CallPlan {
  kind: 'call';
  read: ReadPlan;
  routine: RoutineInfo;
  prefs: Preferences;
}

export type Plan = ReadPlan | MutatePlan | CallPlan;
