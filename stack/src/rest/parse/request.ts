// The parse stage: the request as PostgREST reads it, before the schema is consulted — which
// resource or function and what to do with it, which schema (Accept-Profile / Content-Profile),
// the media types, the Range, the preferences, the parsed query string and the parsed body.
// Pure; fails with ParseError.
import {
  invalidResourcePath,
  invalidRpcMethod,
  unacceptableSchema,
  unsupportedMethod,
} from '../errors.ts';
import {
  contentTypeOf,
  negotiate,
  parseRange,
  type Accept,
  type ContentType,
  type ExplainRequest,
} from './media.ts';
import { parsePayload, type Payload } from './payload.ts';
import { parsePrefer, type Preferences } from './prefer.ts';
import { decodeQuery, parseQuery } from './query.ts';
import type { QueryParts } from './types.ts';

export type Action =
  'read' | 'insert' | 'update' | 'delete' | 'upsert' | 'call' | 'info' | 'openapi';

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
  /** The query string's pairs as sent (Content-Location). */
  queryPairs: [string, string][];
  query: QueryParts;
  prefs: Preferences;
  accept: Accept;
  /** `nulls=stripped` on a vnd.pgrst media type: leave null values out of objects. */
  stripNulls: boolean;
  /** Accept: application/vnd.pgrst.plan — answer the query's execution plan instead. */
  explain?: ExplainRequest;
  /** What answers instead of the plan when `pgrst.db_plan_enabled` is off (PostgREST passes over it). */
  withoutPlan?: { accept: Accept; stripNulls: boolean };
  contentType: ContentType;
  /** The parsed body of writes and POST /rpc. */
  payload?: Payload;
  /** Range header: offset and optional limit (root only). */
  range?: { offset: number; limit?: number };
}

export interface RawRequest {
  method: string;
  /** Path below /rest/v1, e.g. "/todos" or "/rpc/fn" or "/". */
  path: string;
  search: string;
  /** The request's headers, names in lower case (Incoming.headerRecord). */
  headers: Readonly<Record<string, string>>;
  body?: string | Uint8Array;
}

const BY_METHOD: Record<string, Action> = {
  GET: 'read',
  HEAD: 'read',
  POST: 'insert',
  PATCH: 'update',
  PUT: 'upsert',
  DELETE: 'delete',
  OPTIONS: 'info',
};

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

function decodeSegment(segment: string): string {
  if (segment.indexOf('%') < 0) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The action and target a method and path name. */
function route(method: string, path: string): { action: Action; target: string; rpc: boolean } {
  const segments = path.split('/').filter(Boolean).map(decodeSegment);
  if (segments.length === 0) {
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS')
      throw unsupportedMethod(method);
    return { action: method === 'OPTIONS' ? 'info' : 'openapi', target: '', rpc: false };
  }
  if (segments.length === 2 && segments[0] === 'rpc') {
    if (!['GET', 'HEAD', 'POST', 'OPTIONS'].includes(method)) throw invalidRpcMethod(method);
    return { action: method === 'OPTIONS' ? 'info' : 'call', target: segments[1]!, rpc: true };
  }
  if (segments.length !== 1) throw invalidResourcePath();
  const action = BY_METHOD[method];
  if (!action) throw unsupportedMethod(method);
  return { action, target: segments[0]!, rpc: false };
}

/** `queryPairs`: the query string decoded, when the caller decoded it already. */
export function parseRequest(
  raw: RawRequest,
  schemas: string[],
  queryPairs = decodeQuery(raw.search),
): ApiRequest {
  const header = (name: string): string | null => raw.headers[name] ?? null;
  const method = raw.method.toUpperCase();
  const { action, target, rpc } = route(method, raw.path);
  const writes = WRITES.has(method);
  const profile = header(writes ? 'content-profile' : 'accept-profile');
  const schema = profile ?? schemas[0] ?? 'public';
  if (!schemas.includes(schema)) throw unacceptableSchema(schema, schemas);

  const content = contentTypeOf(header('content-type'));
  const media =
    action === 'info'
      ? { accept: 'json' as const, stripNulls: false }
      : negotiate(header('accept'), action === 'openapi');
  const query = parseQuery(queryPairs, action === 'call' && method !== 'POST');
  const request: ApiRequest = {
    method,
    action,
    target,
    rpc,
    schema,
    // A profile header, or several exposed schemas, means the schema was negotiated.
    negotiated: profile !== null || schemas.length > 1,
    headOnly: method === 'HEAD',
    queryPairs,
    query,
    prefs: parsePrefer(header('prefer') ? [header('prefer')!] : []),
    accept: media.accept,
    stripNulls: media.stripNulls,
    contentType: content.type,
    range: method === 'GET' ? parseRange(header('range')) : undefined,
  };
  if (media.explain) request.explain = media.explain;
  if (media.withoutPlan) request.withoutPlan = media.withoutPlan;
  const hasBody =
    action === 'insert' || action === 'update' || action === 'upsert' || (rpc && method === 'POST');
  if (hasBody)
    request.payload = parsePayload(raw.body, {
      contentType: content.type,
      mime: content.mime,
      rpc,
      columns: query.columns,
    });
  return request;
}
