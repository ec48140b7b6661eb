// Typed readers for config.toml values. Each reader names the dotted key it reads, so a bad
// value fails the start with "<key>: expected <what>, got <value>".

export class ConfigError extends Error {
  constructor(
    readonly key: string,
    readonly expected: string,
    readonly got: unknown,
  ) {
    super(`config.toml: ${key}: expected ${expected}, got ${describe(got)}`);
    this.name = 'ConfigError';
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'a table';
  return String(value);
}

export type Table = Record<string, unknown>;

/** Reads a nested table; a missing table is empty, a non-table is an error. */
export function table(parent: Table, key: string, path: string): Table {
  const value = parent[key];
  if (value === undefined) return {};
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    value instanceof Date
  ) {
    throw new ConfigError(join(path, key), 'a table', value);
  }
  return value as Table;
}

export function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** Replaces the CLI's `env(NAME)` form with the variable's value. */
function substitute(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value !== 'string') return value;
  const match = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value);
  if (!match) return value;
  return env[match[1]!] ?? '';
}

export class Reader {
  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  string(t: Table, key: string, path: string, fallback: string): string {
    const value = substitute(t[key], this.env);
    if (value === undefined) return fallback;
    if (typeof value !== 'string') throw new ConfigError(join(path, key), 'a string', value);
    return value;
  }

  optionalString(t: Table, key: string, path: string): string | undefined {
    const value = substitute(t[key], this.env);
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw new ConfigError(join(path, key), 'a string', value);
    return value;
  }

  bool(t: Table, key: string, path: string, fallback: boolean): boolean {
    const value = substitute(t[key], this.env);
    if (value === undefined) return fallback;
    if (value === 'true') return true;
    if (value === 'false') return false;
    if (typeof value !== 'boolean') throw new ConfigError(join(path, key), 'true or false', value);
    return value;
  }

  int(
    t: Table,
    key: string,
    path: string,
    fallback: number,
    min = 0,
    max = Number.MAX_SAFE_INTEGER,
  ): number {
    let value = substitute(t[key], this.env);
    if (value === undefined) return fallback;
    if (typeof value === 'string' && /^-?\d+$/.test(value)) value = Number(value);
    if (typeof value === 'bigint') value = Number(value);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      const range =
        max === Number.MAX_SAFE_INTEGER
          ? `an integer ≥ ${min}`
          : `an integer from ${min} to ${max}`;
      throw new ConfigError(join(path, key), range, value);
    }
    return value;
  }

  stringArray(t: Table, key: string, path: string, fallback: string[]): string[] {
    const value = t[key];
    if (value === undefined) return fallback;
    if (!Array.isArray(value)) throw new ConfigError(join(path, key), 'an array of strings', value);
    return value.map((item, i) => {
      const v = substitute(item, this.env);
      if (typeof v !== 'string')
        throw new ConfigError(`${join(path, key)}[${i}]`, 'a string', item);
      return v;
    });
  }

  oneOf<T extends string>(
    t: Table,
    key: string,
    path: string,
    allowed: readonly T[],
    fallback: T,
  ): T {
    const value = this.string(t, key, path, fallback);
    if (!(allowed as readonly string[]).includes(value)) {
      throw new ConfigError(
        join(path, key),
        `one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`,
        value,
      );
    }
    return value as T;
  }

  /** A Go-style duration ("1s", "1m30s", "500ms") in milliseconds. */
  duration(t: Table, key: string, path: string, fallbackMs: number): number {
    const value = substitute(t[key], this.env);
    if (value === undefined) return fallbackMs;
    const ms = typeof value === 'string' ? parseDuration(value) : undefined;
    if (ms === undefined)
      throw new ConfigError(join(path, key), 'a duration such as "1s", "5m" or "1h30m"', value);
    return ms;
  }

  /** A size ("50MiB", "5MB", "1024") in bytes. */
  size(t: Table, key: string, path: string, fallbackBytes: number): number {
    const value = substitute(t[key], this.env);
    if (value === undefined) return fallbackBytes;
    const bytes =
      typeof value === 'number' || typeof value === 'string' ? parseSize(value) : undefined;
    if (bytes === undefined)
      throw new ConfigError(join(path, key), 'a size such as "50MiB" or "5MB"', value);
    return bytes;
  }
}

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let matched = 0;
  for (let m = re.exec(trimmed); m; m = re.exec(trimmed)) {
    total += Number(m[1]) * DURATION_UNITS[m[2]!]!;
    matched = re.lastIndex;
  }
  return matched === trimmed.length && matched > 0 ? Math.round(total) : undefined;
}

const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
};

export function parseSize(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(value);
  if (!m) return undefined;
  const unit = SIZE_UNITS[m[2]!.toLowerCase()];
  return unit === undefined ? undefined : Math.floor(Number(m[1]) * unit);
}
