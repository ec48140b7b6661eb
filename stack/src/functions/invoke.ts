// Handles /functions/v1/<name>[/<sub-path>]: find the function, apply verify_jwt, get a warm
// worker (booting or reloading it when needed) and stream the request through it.
import type { Context } from 'hono';
import type { ServiceEnv, StackContext } from '../context/context.ts';
import { findFunction } from './catalog.ts';
import { DenoMissingError } from './deno-binary.ts';
import { functionErrors } from './errors.ts';
import type { WorkerPool } from './pool.ts';
import { forward } from './proxy.ts';
import { checkJwt } from './verify-jwt.ts';
import { BootError } from './worker.ts';

export interface InvokeDeps {
  ctx: StackContext;
  pool: WorkerPool;
  wallClockLimitMs: number;
}

/** Path and query the function sees: /<name>/<rest>?<query>, without /functions/v1. */
function functionPath(c: Context<ServiceEnv>): string {
  const url = new URL(c.req.url);
  const mount = '/functions/v1';
  const at = url.pathname.indexOf(`${mount}/`);
  return `${url.pathname.slice(at + mount.length)}${url.search}`;
}

export function createInvokeHandler({ ctx, pool, wallClockLimitMs }: InvokeDeps) {
  const log = ctx.log.child('functions');
  return async (c: Context<ServiceEnv>): Promise<Response> => {
    const name = c.req.param('name') ?? '';
    const spec = await findFunction(ctx.config, name);
    if (!spec) return functionErrors.notFound();
    const request = c.req.raw;
    if (request.method !== 'OPTIONS' && spec.verifyJwt) {
      const denied = await checkJwt(request, ctx.keys);
      if (denied) return denied;
    }
    let worker;
    try {
      worker = await pool.acquire(spec);
    } catch (error) {
      if (error instanceof BootError) return functionErrors.bootError();
      if (error instanceof DenoMissingError) log.error(error.message);
      else log.error(`could not start function ${name}`, error);
      return functionErrors.internal();
    }
    return forward(request, {
      socketPath: worker.options.socketPath,
      path: functionPath(c),
      limitMs: wallClockLimitMs,
      onLimit: () => {
        log.error(
          `function ${name} exceeded the wall-clock limit of ${wallClockLimitMs} ms; stopped`,
        );
        void pool.discard(worker);
      },
    });
  };
}
