// HTTP helpers shared by Storage's handlers: the error boundary (every failure answered in
// Storage's shape; unknown causes logged, sent as 500) and JSON body reading.
import type { Context } from 'hono';
import type { ServiceEnv, StackContext } from '../context/context.ts';
import { errorResponse, errors, StorageError, toStorageError } from './errors.ts';
import { drainUnread } from './upload-body.ts';

export type Handler = (c: Context<ServiceEnv>) => Promise<Response>;

export function guarded(ctx: StackContext, handler: Handler): Handler {
  return async (c) => {
    try {
      return await handler(c);
    } catch (error) {
      // Let the client finish sending so it can read the answer (e.g. a refused upload).
      await drainUnread(c.req.raw);
      const storageError = toStorageError(error);
      if (!(error instanceof StorageError) && storageError.status >= 500)
        ctx.log.error(`storage: ${c.req.method} ${c.req.path} failed`, error);
      return errorResponse(storageError);
    }
  };
}

/** The JSON object body (an empty body is {}); anything else is InvalidRequest. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw errors.invalidRequest('Body is not valid JSON');
}

export const isHead = (c: Context) => c.req.raw.method === 'HEAD';

/** The `download` query parameter: undefined when absent, '' for a bare `download`. */
export function downloadParam(c: Context): string | undefined {
  const params = new URL(c.req.url).searchParams;
  return params.has('download') ? (params.get('download') ?? '') : undefined;
}
