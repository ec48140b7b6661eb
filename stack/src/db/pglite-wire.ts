// What makes the PGlite driver indistinguishable from the server driver at its edges: parameters
// are turned into text exactly as node-postgres does (so Postgres, not a JavaScript serializer,
// judges a bad value: `pinned=eq.x` is 22P02 on both), and errors come back as node-postgres's
// DatabaseError with the same fields (code, detail, hint, position, where, schema, table …).
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
/** A value as node-postgres puts it on the wire: text, bytes, or null (both drivers use it). */
export const { prepareValue } = require('pg/lib/utils.js') as {
  prepareValue(value: unknown): unknown;
};

/** Parameters as node-postgres sends them: text (bytea as \x… hex), or null. */
export function serializeParams(params: readonly unknown[]): (string | null)[] {
  return params.map((param) => {
    const value = prepareValue(param);
    if (value === null || value === undefined) return null;
    if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
    return String(value);
  });
}

/** Handed to PGlite for every parameter type: the text is already final. */
export const TEXT_SERIALIZERS: Record<number, (value: unknown) => string> = new Proxy(
  {},
  { get: () => (value: unknown) => value as string },
);

/** The fields of a Postgres ErrorResponse, as node-postgres names them. */
const FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

/** A Postgres error from PGlite as node-postgres raises it; any other error unchanged. */
export function asPgError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  // PGlite's error class carries the fields its types do not declare: read them by name.
  const field = (name: string): unknown => Reflect.get(error, name);
  const code = field('code');
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return error;
  if (error instanceof pg.DatabaseError) return error;
  const converted = new pg.DatabaseError(error.message, Number(field('length')) || 0, 'error');
  const present = FIELDS.filter((name) => field(name) !== undefined);
  return Object.assign(converted, Object.fromEntries(present.map((name) => [name, field(name)])));
}
