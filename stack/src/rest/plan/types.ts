// The plan: a request resolved against one schema-cache snapshot — which relation or function,
// which relationship each embed uses, every column a `*` stands for where SQL needs names, and
// where every filter, order, limit and aggregate applies. The SQL stage reads only this.
import type { ExplainRequest } from '../parse/media.ts';
import type { Preferences } from '../parse/prefer.ts';
import type { Aggregate, Field, Filter, SelectField } from '../parse/types.ts';
import type { Relationship, RoutineInfo, Table } from '../schema/types.ts';

export interface PlanOptions {
  /** `[api] max_rows`: the most rows a read (or a set-returning function) answers. */
  maxRows?: number;
}

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

/** How a function is called (PostgREST's CallParams and CallArgs). */
export type CallArgs =
  /** No arguments: `fn()`. */
  | { mode: 'none' }
  /** One unnamed parameter takes the whole body: `fn($1::type)`. */
  | { mode: 'positional'; value: string | Uint8Array; type: string }
  /** Named parameters read from a JSON body's first object: `fn(a := body.a, …)`. */
  | { mode: 'json'; json: string; params: RoutineInfo['params'] }
  /** Named parameters given as text (query string or form): `fn(a := $1::type, …)`. */
  | { mode: 'text'; values: { param: RoutineInfo['params'][number]; value: string | string[] }[] };

export interface CallSource {
  kind: 'call';
  routine: RoutineInfo;
  args: CallArgs;
}

export type ReadSource = { kind: 'table'; schema: string; name: string } | CallSource;

/** An aggregate computed over a column a to-one spread embed below passes up. */
export interface HoistedAggregate {
  relationAlias: string;
  column: string;
  aggregate: Aggregate;
  aggregateCast?: string;
  outputName: string;
}

export interface ReadNode {
  source: ReadSource;
  /** SQL alias of this level's relation. */
  alias: string;
  fields: SelectField[];
  embeds: EmbedNode[];
  /** Aggregates hoisted here from to-one spread embeds (PostgREST's spread aggregate hoisting). */
  hoisted: HoistedAggregate[];
  /** A to-one spread passing hoisted columns of its own spread embeds on to its parent. */
  passThrough: { relationAlias: string; column: string }[];
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
  /** A spread's output names, lifted into the parent (to-many: one array per name). */
  spreadColumns: string[];
  /** An embed with no columns `rel()`: used for filtering, left out of the output. */
  hidden: boolean;
  node: ReadNode;
}

export type Media = 'json' | 'object' | 'csv' | 'geojson';

export type CountMode = 'exact' | 'planned' | 'estimated';

export interface ReadPlan {
  kind: 'read';
  table?: Table;
  root: ReadNode;
  media: Media;
  stripNulls: boolean;
  count?: CountMode;
  /** HEAD: no body. */
  headOnly: boolean;
  /** The query's own offset as asked, for Content-Range. */
  offset: number;
  /** The root's limit after max_rows. */
  rootLimit?: number;
  maxRows?: number;
  /** Answer the statement's execution plan instead of its result. */
  explain?: ExplainRequest;
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
  applyDefaults: boolean;
  onConflict?: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' };
  /** PUT: the primary-key filters that the body must match. */
  put?: { filters: Filter[] };
  where: PlannedLogic[];
  /** Read of the affected rows (return=representation / headers-only). */
  returning: ReadNode;
  media: Media;
  stripNulls: boolean;
  prefs: Preferences;
  /** Insert with return=headers-only: primary key for the Location header. */
  locationColumns: string[];
  count?: CountMode;
  limit?: number;
  order: PlannedOrder[];
  /** Answer the statement's execution plan instead of its result. */
  explain?: ExplainRequest;
}

export interface CallPlan {
  kind: 'call';
  read: ReadPlan;
  routine: RoutineInfo;
  prefs: Preferences;
}

export type Plan = ReadPlan | MutatePlan | CallPlan;
