// The SQL text builder: identifiers are always quoted, every value becomes a $n parameter, and
// the only text added comes from the plan's fixed vocabulary. Nothing from a request is spliced.
// A statement's text and its parameters are checked to agree before it leaves the SQL stage.

export interface Statement {
  sql: string;
  params: unknown[];
}

/** A statement whose text and parameters disagree: a bug in the SQL stage, never sent. */
export class SqlError extends Error {
  override name = 'SqlError';
}

export class SqlBuilder {
  readonly params: unknown[] = [];

  /** Adds a value as the next parameter and returns its placeholder. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /**
   * The finished statement. Every parameter must have its placeholder in the text and every
   * placeholder a parameter: a value added but left out of the text would make Postgres refuse
   * the statement (08P01, "bind message supplies N parameters") — or, prepared under its text,
   * poison every later request with the same SQL.
   */
  statement(sql: string): Statement {
    const count = this.params.length;
    const used = placeholders(sql);
    if (used.numbers.size !== count || used.least < 1 || used.most > count)
      throw new SqlError(
        `statement uses placeholders {${[...used.numbers].join(',')}} for ${count} parameters`,
      );
    return { sql, params: this.params };
  }
}

const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const DOLLAR = 36;
const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * Statement texts repeat with the request's shape, so each one's placeholders are read once:
 * the last SCANNED texts are remembered (all forgotten when full, so the set stays small).
 */
const SCANNED = 1000;
const scanned = new Map<string, Placeholders>();

/** A statement's $n placeholders, with the least and the greatest n (0 when there are none). */
interface Placeholders {
  numbers: ReadonlySet<number>;
  least: number;
  most: number;
}

/** The $n placeholders of a statement, outside quoted identifiers and string literals. */
function placeholders(sql: string): Placeholders {
  let found = scanned.get(sql);
  if (!found) {
    if (scanned.size >= SCANNED) scanned.clear();
    const numbers = scan(sql);
    const all = [...numbers];
    found = {
      numbers,
      least: all.length ? Math.min(...all) : 1,
      most: all.length ? Math.max(...all) : 0,
    };
    scanned.set(sql, found);
  }
  return found;
}

function scan(sql: string): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < sql.length; i++) {
    const code = sql.charCodeAt(i);
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      // To the closing quote; a doubled quote is an escaped one.
      for (i++; i < sql.length; i++)
        if (sql.charCodeAt(i) === code) {
          if (sql.charCodeAt(i + 1) !== code) break;
          i++;
        }
    } else if (code === DOLLAR && isDigit(sql.charCodeAt(i + 1))) {
      let n = 0;
      while (isDigit(sql.charCodeAt(i + 1))) n = n * 10 + sql.charCodeAt(++i) - 48;
      out.add(n);
    }
  }
  return out;
}

/** A quoted identifier: "name" with embedded quotes doubled and NULs dropped. */
export function ident(name: string): string {
  const nul = name.indexOf('\u0000');
  const clean = nul < 0 ? name : name.slice(0, nul);
  return clean.includes('"') ? `"${clean.replace(/"/g, '""')}"` : `"${clean}"`;
}

export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

/** A SQL string literal for catalog-derived text (never request input). */
export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

// Type names accepted in casts (`::type`). Keywords that are not plain identifiers map to the
// spelling Postgres accepts; any other name is quoted as an identifier.
const KEYWORD_TYPES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  boolean: 'bool',
  decimal: 'numeric',
  dec: 'numeric',
  char: 'bpchar',
  character: 'bpchar',
  'character varying': 'varchar',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
  'time with time zone': 'timetz',
  'time without time zone': 'time',
  json: 'json',
  jsonb: 'jsonb',
  text: 'text',
  varchar: 'varchar',
  numeric: 'numeric',
  date: 'date',
  time: 'time',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  interval: 'interval',
  uuid: 'uuid',
};

/** The type name of a cast as SQL: a known keyword type, or a quoted identifier. */
export function castType(type: string): string {
  const normal = type.trim().toLowerCase().replace(/\s+/g, ' ');
  const known = KEYWORD_TYPES[normal];
  return known ? ident(known) : ident(type.trim());
}

/** Postgres array literal text for `= ANY($n)` / quantifiers: {"a","b\"c"}. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
