// Request parameters, read once and validated first, the way Supabase Auth decodes them into its
// Go structs: the JSON body (at most 1 MiB, an object, no NUL characters), the query string and
// the path, each checked against a zod schema. A field of the wrong type is bad_json with Go's
// wording; a query or path value a route refuses is the error its schema names.
import { z } from 'zod';
import { AuthError, authError, type AuthErrorCode } from './errors.ts';

/** Largest request body accepted (GoTrue caps bodies at 1 MiB too); bigger ones are bad_json. */
const MAX_BODY_BYTES = 1024 * 1024;

/** A string field; missing or null is '' (as Go leaves a string it did not decode). */
export const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

/** A string field whose absence matters (a password, a ban duration); missing or null is undefined. */
export const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

export const flag = z
  .boolean()
  .nullish()
  .transform((v) => v ?? undefined);

/** A JSON object field (metadata). */
export const object = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => v ?? undefined);

/** A query or path value: the first one given, else ''. */
export const param = z
  .string()
  .optional()
  .transform((v) => v ?? '');

/**
 * A query or path value that must pass `accept`; otherwise the request is answered with the
 * error `refuse` builds (validation_failed unless it says otherwise).
 */
export function checked<T>(
  accept: (value: string) => T | undefined,
  refuse: (value: string) => [AuthErrorCode, string, number?],
) {
  return param.transform((value, ctx) => {
    const result = accept(value);
    if (result !== undefined) return result;
    ctx.addIssue({ code: 'custom', message: '', params: { error: authError(...refuse(value)) } });
    return z.NEVER;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A `{name}` path parameter that must be a UUID (404 validation_failed otherwise, as GoTrue). */
export const uuidParam = (name: string) =>
  checked(
    (v) => (UUID.test(v) ? v : undefined),
    () => ['validation_failed', `${name} must be an UUID`, 404],
  );

type Shape = z.ZodObject;
type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

export interface ParamsSpec<B extends Shape, Q extends Shape, P extends Shape> {
  body?: B | ((query: z.output<Q>) => B);
  query?: Q;
  path?: P;
}

/** What the service hands the parser: the raw request and its path parameters. */
export interface RawInput {
  request: Request;
  path: Record<string, string>;
}

/** Reads, parses and checks every parameter the spec names, in one go. */
export async function parseParams<B extends Shape, Q extends Shape, P extends Shape>(
  spec: ParamsSpec<B, Q, P>,
  input: RawInput,
): Promise<Out<P> & Out<Q> & Out<B>> {
  const url = new URL(input.request.url);
  const rawQuery: Record<string, string> = {};
  for (const [k, v] of url.searchParams) rawQuery[k] ??= v;
  const path = spec.path ? check(spec.path, input.path, 'path') : {};
  const query = spec.query ? check(spec.query, rawQuery, 'query') : {};
  const bodySchema = typeof spec.body === 'function' ? spec.body(query as z.output<Q>) : spec.body;
  const body = bodySchema ? check(bodySchema, await readBody(input.request), 'body') : {};
  return { ...path, ...query, ...body } as Out<P> & Out<Q> & Out<B>;
}

function check<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const error = (issue as { params?: { error?: unknown } }).params?.error;
  if (error instanceof AuthError) throw error;
  if (issue.code === 'invalid_type' && where === 'body') {
    const field = issue.path.join('.');
    const got = goKind((value as Record<string, unknown>)[field]);
    throw authError(
      'bad_json',
      `Could not parse request body as JSON: json: cannot unmarshal ${got} into field ${field} of type ${GO_TYPES[issue.expected] ?? issue.expected}`,
    );
  }
  throw authError('validation_failed', `Invalid ${where} parameter ${issue.path.join('.')}`);
}

const GO_TYPES: Record<string, string> = {
  string: 'string',
  boolean: 'bool',
  record: 'map[string]interface {}',
};

/** The JSON kind as Go's decoder names it in its errors. */
function goKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

/** Reads the JSON body. An empty body is `{}`; anything but a JSON object is bad_json. */
async function readBody(request: Request): Promise<unknown> {
  const text = await request.text().catch(() => '');
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
  return parsed;
}

/** Postgres text and jsonb cannot hold U+0000; such input is refused instead of failing later. */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v));
  return false;
}
