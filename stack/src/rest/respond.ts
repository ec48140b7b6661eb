// The respond stage: shapes responses as PostgREST does — status (200/201/204/206/416),
// Content-Range, Content-Type, Content-Profile, Preference-Applied, Location, and the
// response.status / response.headers settings the SQL made. Pure; fails with ResponseError.
import { plainResponse } from '../context/plain-answer.ts';
import { gucHeadersError, gucStatusError, rangeNotSatisfiable, type RestError } from './errors.ts';
import type { Result, ResultRow } from './execute.ts';
import type { ApiRequest } from './parse/request.ts';
import type { Preferences } from './parse/prefer.ts';
import type { Media, MutatePlan, Plan } from './plan/types.ts';

/**
 * A response's headers as a plain record, which the Node adapter writes straight out (no Web
 * Headers built for it), set as Web Headers set them: a name in any case replaces the same name.
 */
type HeaderRecord = Record<string, string>;

function setHeader(headers: HeaderRecord, name: string, value: string): void {
  const lower = name.toLowerCase();
  for (const key in headers)
    if (key !== name && key.length === name.length && key.toLowerCase() === lower)
      delete headers[key];
  headers[name] = value;
}

/** A header a response can carry: a token for its name, a value without line breaks or NUL. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
function validHeader(name: string, value: string): boolean {
  return TOKEN.test(name) && !/[\r\n\0]/.test(value);
}

/** The response to a planned request, from its statement's result. */
export function respond(request: ApiRequest, plan: Plan, result: Result): Response {
  if ('plan' in result) return planResponse(request, result.plan);
  const answered: Answered = { request, timezoneApplied: result.timezoneApplied };
  if (plan.kind === 'read')
    return readResponse(answered, plan.media, result.row, plan.offset, result.total);
  if (plan.kind === 'call')
    return readResponse(
      answered,
      plan.read.media,
      result.row,
      plan.read.offset,
      result.total,
      plan.routine.returnType === 'void',
    );
  return mutateResponse(answered, plan, result.row, result.total);
}

/** The request, and whether Postgres knew its Prefer: timezone. */
interface Answered {
  request: ApiRequest;
  timezoneApplied: boolean;
}

/** The execution plan: EXPLAIN's JSON document, or its text lines. */
function planResponse(request: ApiRequest, rows: Record<string, unknown>[]): Response {
  const explain = request.explain!;
  const lines = rows.map((r) => r['QUERY PLAN']);
  const body = explain.format === 'json' ? JSON.stringify(lines[0]) : lines.join('\n');
  const headers: HeaderRecord = { 'Content-Type': `${explain.mime}; charset=utf-8` };
  return plainResponse(request.headOnly ? null : body, 200, headers);
}

export function contentType(media: Media): string {
  if (media === 'csv') return 'text/csv; charset=utf-8';
  if (media === 'geojson') return 'application/geo+json; charset=utf-8';
  if (media === 'object') return 'application/vnd.pgrst.object+json; charset=utf-8';
  return 'application/json; charset=utf-8';
}

export function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === undefined ? '*' : total}`;
}

/** The preferences Preference-Applied names, in PostgREST's order. */
const APPLIED_ORDER: readonly (keyof Preferences)[] = [
  'resolution',
  'missing',
  'return',
  'count',
  'tx',
  'handling',
  'timezone',
];
/** The same, for an insert where no conflict can be resolved. */
const APPLIED_WITHOUT_RESOLUTION = APPLIED_ORDER.filter((name) => name !== 'resolution');

function applied(answered: Answered, names: readonly (keyof Preferences)[]): string | undefined {
  const prefs = answered.request.prefs;
  const out: string[] = [];
  for (const k of APPLIED_ORDER)
    if (
      names.includes(k) &&
      prefs[k] !== undefined &&
      (k !== 'timezone' || answered.timezoneApplied)
    )
      out.push(`${k}=${String(prefs[k])}`);
  if (
    names.includes('maxAffected') &&
    prefs.handling === 'strict' &&
    prefs.maxAffected !== undefined
  )
    out.push(`max-affected=${prefs.maxAffected}`);
  return out.length ? out.join(', ') : undefined;
}

/** Applies `response.status` / `response.headers` set by the SQL (GUCs). */
function overrides(row: ResultRow, status: number, headers: HeaderRecord): number {
  if (row.response_headers) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.response_headers);
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed)) throw gucHeadersError();
    for (const entry of parsed as Record<string, unknown>[]) {
      const pairs = entry && typeof entry === 'object' ? Object.entries(entry) : [];
      const [name, value] = pairs[0] ?? [];
      if (pairs.length !== 1 || typeof value !== 'string' || !validHeader(name!, value))
        throw gucHeadersError();
      setHeader(headers, name!, value);
    }
  }
  if (row.response_status) {
    const n = Number(row.response_status);
    if (!Number.isInteger(n) || n < 100 || n > 599) throw gucStatusError();
    return n;
  }
  return status;
}

/** Content-Type, with Content-Profile beside it when the schema was negotiated (as PostgREST). */
function setContentType(headers: HeaderRecord, request: ApiRequest, media: Media): void {
  setHeader(headers, 'Content-Type', contentType(media));
  if (request.negotiated) setHeader(headers, 'Content-Profile', request.schema);
}

function readResponse(
  answered: Answered,
  media: Media,
  row: ResultRow,
  offset: number,
  total: number | undefined,
  isVoid = false,
): Response {
  const request = answered.request;
  const pageTotal = Number(row.page_total);
  const headers: HeaderRecord = {};
  const lower = offset;
  const upper = lower + pageTotal - 1;
  setHeader(headers, 'Content-Range', contentRange(lower, upper, total));
  let status = 200;
  if (total !== undefined) {
    if (lower > total) status = 416;
    else if (1 + upper - lower < total) status = 206;
  }
  const pref = applied(answered, ['count', 'tx', 'handling', 'timezone', 'maxAffected']);
  if (pref) setHeader(headers, 'Preference-Applied', pref);
  if (!request.rpc) setHeader(headers, 'Content-Location', contentLocation(request));
  if (status === 416) {
    const err = rangeNotSatisfiable(offset, total ?? 0);
    setHeader(headers, 'Content-Type', 'application/json; charset=utf-8');
    return plainResponse(JSON.stringify(err.body()), status, headers);
  }
  if (isVoid) {
    status = overrides(row, 204, headers);
    return plainResponse(null, status, headers);
  }
  setContentType(headers, request, media);
  status = overrides(row, status, headers);
  return plainResponse(request.headOnly ? null : (row.body ?? ''), status, headers);
}

/** `/<table>?<query string sorted by key>`, as PostgREST's canonical Content-Location. */
export function contentLocation(request: Pick<ApiRequest, 'target' | 'queryPairs'>): string {
  const pairs = request.queryPairs;
  // Usually in order already: then neither copied nor sorted.
  const inOrder = pairs.every((pair, i) => i === 0 || pairs[i - 1]![0] <= pair[0]);
  const sorted = inOrder
    ? pairs
    : [...pairs].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  let query = '';
  for (const [name, value] of sorted)
    query += `${query ? '&' : '?'}${formEncoded(name)}=${formEncoded(value)}`;
  return `/${request.target}${query}`;
}

/** Text a form's encoding leaves as it is. */
const FORM_PLAIN = /^[A-Za-z0-9*\-._]*$/;
/** Characters encodeURIComponent leaves as they are but a form's encoding escapes. */
const FORM_ESCAPED = /[!'()~]/g;

/**
 * Text as application/x-www-form-urlencoded writes it (as URLSearchParams does): every byte of
 * its UTF-8 percent-encoded but letters, digits and `*-._`, a space as `+`. The query's names
 * and values are decoded by decodeURIComponent (parse/query.ts), so they hold no lone surrogate,
 * the one thing encodeURIComponent refuses.
 */
export function formEncoded(text: string): string {
  if (FORM_PLAIN.test(text)) return text;
  return encodeURIComponent(text)
    .replace(/%20/g, '+')
    .replace(FORM_ESCAPED, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function mutateResponse(
  answered: Answered,
  plan: MutatePlan,
  row: ResultRow,
  total: number | undefined,
): Response {
  const request = answered.request;
  const headers: HeaderRecord = {};
  const prefs = request.prefs;
  const full = prefs.return === 'representation';
  const pageTotal = Number(row.page_total);
  let status: number;
  if (plan.kind === 'insert') {
    const resolutionApplied =
      plan.table.primaryKey.length > 0 || request.query.onConflict !== undefined;
    const pref = applied(answered, resolutionApplied ? APPLIED_ORDER : APPLIED_WITHOUT_RESOLUTION);
    if (request.action === 'upsert') {
      const inserted = Number(row.response_inserted ?? 0);
      status = full ? (inserted > 0 ? 201 : 200) : 204;
    } else {
      const inserted = row.response_inserted;
      status =
        inserted !== null &&
        inserted !== undefined &&
        inserted <= 0 &&
        prefs.resolution === 'merge-duplicates'
          ? 200
          : 201;
      const loc = row.header ?? [];
      if (loc.length)
        setHeader(
          headers,
          'Location',
          `/${plan.table.name}?${loc
            .map((kv) => {
              const i = kv.indexOf('=');
              return `${encodeURIComponent(kv.slice(0, i))}=${encodeURIComponent(kv.slice(i + 1))}`;
            })
            .join('&')}`,
        );
      setHeader(headers, 'Content-Range', contentRange(1, 0, total));
    }
    if (pref) setHeader(headers, 'Preference-Applied', pref);
  } else {
    setHeader(
      headers,
      'Content-Range',
      plan.kind === 'update' ? contentRange(0, pageTotal - 1, total) : contentRange(1, 0, total),
    );
    const pref = applied(answered, [
      'return',
      'count',
      'tx',
      'handling',
      'timezone',
      'maxAffected',
      ...(plan.kind === 'update' ? (['missing'] as const) : []),
    ]);
    if (pref) setHeader(headers, 'Preference-Applied', pref);
    status = full ? 200 : 204;
  }
  if (full) setContentType(headers, request, plan.media);
  status = overrides(row, status, headers);
  return plainResponse(full && !request.headOnly ? (row.body ?? '') : null, status, headers);
}

export function errorResponse(error: RestError): Response {
  const headers: HeaderRecord = { 'Content-Type': 'application/json; charset=utf-8' };
  for (const [k, v] of Object.entries(error.headers)) setHeader(headers, k, v);
  setHeader(headers, 'Proxy-Status', `PostgREST; error=${error.code}`);
  return plainResponse(JSON.stringify(error.body()), error.status, headers);
}
