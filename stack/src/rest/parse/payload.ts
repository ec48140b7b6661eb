// The request body as PostgREST reads it (Payload.hs): JSON with the keys of its object(s), CSV
// and forms turned into JSON, a form on RPC as text arguments, and the raw body for a function's
// single unnamed text, xml or bytea parameter.
import { invalidBody } from '../errors.ts';
import { parseCsv } from './csv.ts';
import type { ContentType } from './media.ts';
import { decodeQuery } from './query.ts';

export type Payload =
  /** JSON to send: the body as sent (or built from CSV / a form) and its objects' keys. */
  | { kind: 'json'; text: string; value: unknown; keys: string[] }
  /** An urlencoded body on RPC: arguments as text, like a GET's query string. */
  | { kind: 'form'; pairs: [string, string][] }
  /** text/plain, text/xml or application/octet-stream on RPC: one argument, the whole body. */
  | { kind: 'raw'; body: string | Uint8Array };

export interface PayloadContext {
  contentType: ContentType;
  mime: string;
  /** POST /rpc/fn. */
  rpc: boolean;
  /** `columns=` was given: the keys are those, not the body's. */
  columns?: string[];
}

const text = (body: string | Uint8Array) =>
  typeof body === 'string' ? body : new TextDecoder().decode(body);

/** Parses a body, or answers PGRST102 as PostgREST does. */
export function parsePayload(body: string | Uint8Array | undefined, ctx: PayloadContext): Payload {
  const raw = body ?? '';
  switch (ctx.contentType) {
    case 'json': {
      const source = text(raw);
      if (source.trim() === '' && ctx.rpc) return json('{}', {}, ctx);
      let value: unknown;
      try {
        value = JSON.parse(source) as unknown;
      } catch {
        throw invalidBody('Empty or invalid json');
      }
      return json(source, value, ctx);
    }
    case 'csv': {
      const rows = parseCsv(text(raw));
      return json(JSON.stringify(rows), rows, ctx);
    }
    case 'form': {
      const pairs = decodeQuery(text(raw));
      if (ctx.rpc) return { kind: 'form', pairs };
      const object = Object.fromEntries(pairs);
      return json(JSON.stringify(object), object, ctx);
    }
    case 'text':
    case 'xml':
    case 'binary':
      if (ctx.rpc) return { kind: 'raw', body: raw };
  }
  throw invalidBody(`Content-Type not acceptable: ${ctx.mime}`);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys of an object, or of an array of objects that all have the same keys. */
function json(source: string, value: unknown, ctx: PayloadContext): Payload {
  if (isObject(value))
    return { kind: 'json', text: source, value, keys: ctx.columns ?? Object.keys(value) };
  // Anything but an object or an array of objects is an empty array, as PostgREST reads it.
  if (!Array.isArray(value) || value.length === 0)
    return { kind: 'json', text: '[]', value: [], keys: ctx.columns ?? [] };
  if (ctx.columns) return { kind: 'json', text: source, value, keys: ctx.columns };
  const first = value[0];
  if (!isObject(first)) throw invalidBody('All object keys must match');
  const keys = Object.keys(first);
  const uniform = value.every(
    (row) =>
      isObject(row) &&
      Object.keys(row).length === keys.length &&
      keys.every((k) => Object.hasOwn(row, k)),
  );
  if (!uniform) throw invalidBody('All object keys must match');
  return { kind: 'json', text: source, value, keys };
}
