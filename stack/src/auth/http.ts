// Request helpers for the auth handlers: the JSON body read as GoTrue reads it (bad_json when it
// is not JSON or a field has the wrong type), typed field readers, and the client's address.
import type { Context } from 'hono';
import type { ServiceEnv } from '../context/context.ts';
import { authError } from './errors.ts';

export type Body = Record<string, unknown>;

/** Largest request body accepted (GoTrue caps bodies too); bigger ones are refused as bad_json. */
const MAX_BODY_BYTES = 1024 * 1024;

/** Reads the JSON body. An empty body is `{}`; anything but a JSON object is bad_json. */
export async function readBody(c: Context): Promise<Body> {
  const text = await c.req.text().catch(() => '');
  if (text.length > MAX_BODY_BYTES)
    throw authError('bad_json', 'Could not read request body: request body too large');
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw authError(
      'bad_json',
      `Could not parse request body as JSON: ${(error as Error).message}`,
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw authError(
      'bad_json',
      'Could not parse request body as JSON: json: cannot unmarshal into an object',
    );
  if (hasNul(parsed))
    throw authError(
      'validation_failed',
      'Request body contains a NUL character, which cannot be stored',
    );
  return parsed as Body;
}

/** Postgres text and jsonb cannot hold U+0000; such input is refused instead of failing later. */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v));
  return false;
}

function wrongType(field: string, expected: string, value: unknown): never {
  const got = Array.isArray(value) ? 'array' : typeof value;
  throw authError(
    'bad_json',
    `Could not parse request body as JSON: json: cannot unmarshal ${got} into field ${field} of type ${expected}`,
  );
}

/** A string field; missing or null is ''. */
export function str(body: Body, field: string): string {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') wrongType(field, 'string', value);
  return value;
}

export function optStr(body: Body, field: string): string | undefined {
  return body[field] === undefined || body[field] === null ? undefined : str(body, field);
}

export function bool(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') wrongType(field, 'bool', value);
  return value;
}

/** A JSON object field (metadata). */
export function obj(body: Body, field: string): Record<string, unknown> | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    wrongType(field, 'map[string]interface {}', value);
  return value as Record<string, unknown>;
}

/**
 * The client's address as the gateway resolved it: the socket's peer, or X-Forwarded-For only
 * behind a trusted proxy (context/client-address.ts). Rate limits key on it.
 */
export function clientIp(c: Context<ServiceEnv>): string {
  return c.get('clientIp') ?? '127.0.0.1';
}

/** The query string parameter, or ''. */
export const query = (c: Context, name: string): string => c.req.query(name) ?? '';
