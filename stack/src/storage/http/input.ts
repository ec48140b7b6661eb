// A request's parts as the params schemas read them: path segments named by the route's pattern
// (percent-decoded from the raw URL, as Supabase Storage's router does, so an encoded `/` stays
// inside the key), the query string, the headers, and — for routes that read one — the JSON body.
import type { RequestView } from '../../context/view.ts';
import { errors } from '../errors.ts';
import type { RawInput } from './params.ts';

const MOUNT = '/storage/v1/';

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw errors.invalidKey(text);
  }
}

/** The named segments of the path: `:name` one segment, `*` (as `key`) the rest. */
function pathParams(pathname: string, pattern: string): Record<string, string> {
  const start = pathname.indexOf(MOUNT);
  const rest = start >= 0 ? pathname.slice(start + MOUNT.length) : pathname.replace(/^\//, '');
  const segments = rest.split('/');
  const params: Record<string, string> = {};
  pattern
    .replace(/^\//, '')
    .split('/')
    .forEach((part, i) => {
      if (part === '*') params.key = decode(segments.slice(i).join('/'));
      else if (part.startsWith(':')) params[part.slice(1)] = decode(segments[i] ?? '');
    });
  return params;
}

/** The JSON object body (an empty body is {}); anything else is InvalidRequest. */
async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw errors.invalidRequest('Body is not valid JSON');
}

export async function readInput(
  incoming: RequestView,
  pattern: string,
  json: boolean,
): Promise<RawInput> {
  const url = incoming.url();
  return {
    params: pathParams(url.pathname, pattern),
    querystring: Object.fromEntries(url.searchParams),
    // The request's one header record, shared with the gates that read it before (not copied).
    headers: incoming.headerRecord(),
    body: json ? await jsonBody(incoming.request) : undefined,
  };
}
