// The request as PostgREST reads it: which resource or function, which action, which schema
// (Accept-Profile / Content-Profile), which media type, the Range, the preferences and the body.
import {
  RestError,
  invalidBody,
  invalidRange,
  invalidResourcePath,
  mediaTypeError,
  unacceptableSchema,
  unsupportedMethod,
} from '../errors.ts';
import { parsePrefer, type Preferences } from './prefer.ts';
import { parseCsv } from './csv.ts';
import { decodeQuery } from './query.ts';

export type Action =
  'read' | 'insert' | 'update' | 'delete' | 'upsert' | 'call' | 'info' | 'openapi';

export type Accept = 'json' | 'object' | 'csv' | 'openapi';

export interface ApiRequest {
  method: string;
  action: Action;
  /** Table/view name, or function name for call. */
  target: string;
  /** The path was /rpc/<fn>. */
  rpc: boolean;
  schema: string;
  /** Schema chosen by a profile header when more than one is exposed (echo Content-Profile). */
  negotiated: boolean;
  headOnly: boolean;
  query: [string, string][];
  prefs: Preferences;
  accept: Accept;
  /** `nulls=stripped` on a vnd.pgrst media type: leave null values out of objects. */
  stripNulls: boolean;
  contentType: 'json' | 'csv' | 'form' | 'other';
  /** The raw body text (writes and POST /rpc). */
  body?: string;
  /** Range header: offset and optional limit (root only). */
  range?: { offset: number; limit?: number };
}

export interface RawRequest {
  method: string;
  /** Path below /rest/v1, e.g. "/todos" or "/rpc/fn" or "/". */
  path: string;
  search: string;
  headers: Headers;
  body?: string;
}

const MEDIA: Record<string, Accept> = {
  'application/json': 'json',
  'application/*': 'json',
  '*/*': 'json',
  'application/vnd.pgrst.object+json': 'object',
  'application/vnd.pgrst.array+json': 'json',
  'application/vnd.pgrst.object': 'object',
  'text/csv': 'csv',
  'application/openapi+json': 'openapi',
};

/** The best acceptable media type from an Accept header, in PostgREST's order. */
function negotiate(
  accept: string | null,
  isRoot: boolean,
): { accept: Accept; stripNulls: boolean } {
  if (!accept) return { accept: isRoot ? 'openapi' : 'json', stripNulls: false };
  const entries = accept
    .split(',')
    .map((part, i) => {
      const [type, ...params] = part.trim().split(';');
      const trimmed = params.map((p) => p.trim().toLowerCase());
      const q = trimmed.find((p) => p.startsWith('q='));
      const strip = trimmed.includes('nulls=stripped');
      return { type: type!.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, i, strip };
    })
    .filter((e) => e.type && e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const e of entries) {
    const found = MEDIA[e.type];
    if (found === 'openapi' && !isRoot) continue;
    // nulls=stripped applies to PostgREST's own vendor types only.
    const stripNulls = e.strip && e.type.startsWith('application/vnd.pgrst.');
    if (found) return { accept: isRoot && found === 'json' ? 'openapi' : found, stripNulls };
  }
  if (entries.length === 0) return { accept: isRoot ? 'openapi' : 'json', stripNulls: false };
  throw mediaTypeError(entries.map((e) => e.type));
}

function parseRange(header: string | null): ApiRequest['range'] {
  if (!header) return undefined;
  const m = /^\s*(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header);
  if (!m) return undefined;
  const lower = Number(m[1]);
  if (m[2] === '') return { offset: lower };
  const upper = Number(m[2]);
  if (lower > upper)
    throw invalidRange(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  return { offset: lower, limit: upper - lower + 1 };
}

export function parseRequest(raw: RawRequest, schemas: string[]): ApiRequest {
  const method = raw.method.toUpperCase();
  const segments = raw.path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  let action: Action;
  let target = '';
  const isRoot = segments.length === 0;
  if (isRoot) {
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS')
      throw unsupportedMethod(method);
    action = method === 'OPTIONS' ? 'info' : 'openapi';
  } else if (segments.length === 2 && segments[0] === 'rpc') {
    target = segments[1]!;
    if (!['GET', 'HEAD', 'POST', 'OPTIONS'].includes(method)) {
      throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
    }
    action = method === 'OPTIONS' ? 'info' : 'call';
  } else if (segments.length === 1) {
    target = segments[0]!;
    const byMethod: Record<string, Action> = {
      GET: 'read',
      HEAD: 'read',
      POST: 'insert',
      PATCH: 'update',
      PUT: 'upsert',
      DELETE: 'delete',
      OPTIONS: 'info',
    };
    const found = byMethod[method];
    if (!found) throw unsupportedMethod(method);
    action = found;
  } else throw invalidResourcePath();

  const writes = ['POST', 'PATCH', 'PUT', 'DELETE'].includes(method);
  const profile = raw.headers.get(writes ? 'content-profile' : 'accept-profile');
  const schema = profile ?? schemas[0] ?? 'public';
  if (!schemas.includes(schema)) throw unacceptableSchema(schema, schemas);

  const ct = (raw.headers.get('content-type') ?? 'application/json')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const contentType =
    ct === 'application/json' || ct === ''
      ? 'json'
      : ct === 'text/csv'
        ? 'csv'
        : ct === 'application/x-www-form-urlencoded'
          ? 'form'
          : 'other';
  const negotiated =
    action === 'info'
      ? { accept: 'json' as const, stripNulls: false }
      : negotiate(raw.headers.get('accept'), isRoot);
  const request: ApiRequest = {
    method,
    action,
    target,
    rpc: segments[0] === 'rpc' && segments.length === 2,
    schema,
    // A profile header, or several exposed schemas, means the schema was negotiated.
    negotiated: profile !== null || schemas.length > 1,
    headOnly: method === 'HEAD',
    query: decodeQuery(raw.search),
    prefs: parsePrefer(raw.headers.get('prefer') ? [raw.headers.get('prefer')!] : []),
    accept: negotiated.accept,
    stripNulls: negotiated.stripNulls,
    contentType,
    range: method === 'GET' ? parseRange(raw.headers.get('range')) : undefined,
  };
  if (raw.body !== undefined && (writes || action === 'call')) request.body = raw.body;
  return request;
}

/** Parses a JSON body (PGRST102 when it is not JSON). */
export function parseJsonBody(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidBody('Empty or invalid json');
  }
}

/** Converts a CSV or form body to the JSON PostgREST would read from it. */
export function bodyAsJson(request: ApiRequest): unknown {
  if (request.body === undefined) return undefined;
  if (request.contentType === 'form') {
    const out: Record<string, string> = {};
    for (const [k, v] of decodeQuery(request.body)) out[k] = v;
    return out;
  }
  if (request.contentType === 'csv') return parseCsv(request.body);
  return parseJsonBody(request.body);
}
