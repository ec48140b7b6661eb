// The one way Storage reads a request: each route declares a zod schema over the request's
// parts — `params` (path), `querystring`, `headers`, `body` — that validates them and shapes the
// handler's typed params. The first problem is answered as Supabase Storage's schema validation
// answers it ("body must have required property 'name'", "querystring/limit must be >= 1"), or
// with the Storage error one of our own rules raised (InvalidKey, InvalidBucketName …).
import { z } from 'zod';
import { errors, StorageError } from '../errors.ts';
import { mustBeValidBucketName, mustBeValidKey } from '../validate.ts';

/** A request as the schemas see it. */
export interface RawInput {
  params: Record<string, string>;
  querystring: Record<string, string>;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The parsed JSON body (routes that read one), else undefined. */
  body: unknown;
}

/** A schema from a request's parts to a handler's params. */
export type ParamsSchema<P> = z.ZodType<P>;

/** A route's params: the schema over the request's parts, and whether it reads a JSON body. */
export interface ParamsSpec<P> {
  schema: ParamsSchema<P>;
  json: boolean;
}

/** The typed params a spec gives its handler. */
export type ParamsOf<S> = S extends ParamsSpec<infer P> ? P : never;

/**
 * Declares what a route reads — any of `params` (path), `querystring`, `headers`, `body` (JSON)
 * — and the typed params its handler gets from them.
 */
export function input<S extends z.ZodRawShape, P>(
  parts: S,
  shape: (parts: z.output<z.ZodObject<S>>) => P,
): ParamsSpec<P> {
  return { schema: z.object(parts).transform(shape), json: 'body' in parts };
}

/**
 * A zod transform from one of our rules: its result is the value, the StorageError it throws
 * becomes the answer.
 */
export function rule<T, U>(apply: (value: T) => U) {
  return (value: T, ctx: z.RefinementCtx<T>): U => {
    try {
      return apply(value);
    } catch (error) {
      if (!(error instanceof StorageError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message, params: { error } });
      return z.NEVER;
    }
  };
}

/** Passes the value on once `check` has accepted it. */
const checked =
  <T>(check: (value: T) => void) =>
  (value: T): T => {
    check(value);
    return value;
  };

export const bucketName = z.string().transform(rule(checked<string>(mustBeValidBucketName)));
export const objectKey = z.string().transform(rule(checked<string>(mustBeValidKey)));

/** `<bucket>` of the path. */
export const bucketPath = z.object({ bucket: bucketName });
/** `<bucket>/<key>` of the path. */
export const objectPath = z.object({ bucket: bucketName, key: objectKey });

/** The `x-upsert` header: only "true" replaces. */
export const upsertHeader = z.object({
  'x-upsert': z
    .string()
    .optional()
    .transform((value) => value === 'true'),
});

/** The `download` query parameter: undefined when absent, '' for a bare `download`. */
export const downloadQuery = z.object({ download: z.string().optional() });

const AJV_TYPES: Record<string, string> = { int: 'integer' };

function issueError(issue: z.core.$ZodIssue): StorageError {
  const custom = issue.code === 'custom' ? issue.params?.error : undefined;
  if (custom instanceof StorageError) return custom;
  const path = issue.path.map(String);
  const where = path.join('/');
  if (issue.code === 'invalid_type' && !('input' in issue))
    return errors.invalidRequest(
      `${path.slice(0, -1).join('/')} must have required property '${path.at(-1)}'`,
    );
  switch (issue.code) {
    case 'invalid_type':
      return errors.invalidRequest(
        `${where} must be ${AJV_TYPES[issue.expected] ?? issue.expected}`,
      );
    case 'too_small':
      return errors.invalidRequest(
        issue.origin === 'array'
          ? `${where} must NOT have fewer than ${issue.minimum} items`
          : `${where} must be >= ${issue.minimum}`,
      );
    case 'too_big':
      return errors.invalidRequest(
        issue.origin === 'array'
          ? `${where} must NOT have more than ${issue.maximum} items`
          : `${where} must be <= ${issue.maximum}`,
      );
    case 'invalid_value':
      return errors.invalidRequest(`${where} must be equal to one of the allowed values`);
    default:
      return errors.invalidRequest(issue.message ? `${where} ${issue.message}` : undefined);
  }
}

/** Validates the request's parts with the route's schema; throws the first problem. */
export function parseParams<P>(schema: ParamsSchema<P>, input: RawInput): P {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw issueError(result.error.issues[0]!);
}
