// The parsed request: what the query string, headers and body say, before the schema is consulted.

export type JsonOp = { arrow: '->' | '->>'; key: string; index: boolean };

export interface Field {
  name: string;
  json: JsonOp[];
}

export type Aggregate = 'count' | 'sum' | 'avg' | 'max' | 'min';

export interface SelectField {
  type: 'field';
  /** '*' for all columns; '' for a bare count(). */
  field: Field;
  alias?: string;
  cast?: string;
  aggregate?: Aggregate;
  aggregateCast?: string;
}

export type JoinType = 'inner' | 'left';

export interface SelectEmbed {
  type: 'embed';
  name: string;
  alias?: string;
  hint?: string;
  join?: JoinType;
  spread: boolean;
  children: SelectItem[];
}

export type SelectItem = SelectField | SelectEmbed;

export type SimpleOp =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj'
  | 'isdistinct';

export type FtsOp = 'fts' | 'plfts' | 'phfts' | 'wfts';

export type Operation =
  | { op: SimpleOp; value: string; quant?: 'any' | 'all' }
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: 'null' | 'not_null' | 'true' | 'false' | 'unknown' }
  | { op: FtsOp; lang?: string; value: string };

export interface Filter {
  field: Field;
  negate: boolean;
  operation: Operation;
}

export type LogicTree =
  | { type: 'filter'; filter: Filter }
  | { type: 'expr'; negate: boolean; op: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  /** Set when ordering by a column of an embedded to-one resource: order=rel(col). */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Query-string parts that apply to one embedding level (path [] is the root). */
export interface Scoped<T> {
  path: string[];
  value: T;
}

export interface QueryParts {
  select: SelectItem[];
  filters: Scoped<Filter>[];
  logic: Scoped<LogicTree>[];
  order: Scoped<OrderTerm[]>[];
  limits: Scoped<number>[];
  offsets: Scoped<number>[];
  columns?: string[];
  onConflict?: string[];
  /** GET /rpc: the parameters that are not filters, i.e. the function's arguments, in order. */
  params: [string, string][];
}
