// Calls /functions/v1/<name>[/<sub-path>]: find the function the path names (the input), and —
// once its verify_jwt guard let the request through (routes.ts) — get a warm worker (booting or
// reloading it when needed) and stream the request through it.
import type { Endpoint } from '../context/route.ts';
import { findFunction, type FunctionSpec } from './catalog.ts';
import { DenoMissingError } from './deno-binary.ts';
import type { FunctionsDeps } from './deps.ts';
import { functionErrors, type FunctionFailure } from './errors.ts';
import { forward } from './proxy.ts';
import { BootError } from './worker.ts';

const MOUNT = '/functions/v1';

/** Path and query the function sees: /<name>/<rest>?<query>, without /functions/v1. */
function functionPath(address: string): string {
  const url = new URL(address);
  const at = url.pathname.indexOf(`${MOUNT}/`);
  return `${url.pathname.slice(at + MOUNT.length)}${url.search}`;
}

type Invoke = Endpoint<FunctionsDeps, { name: string }, FunctionSpec, undefined, FunctionFailure>;

export const invoke: Invoke = {
  async input({ config }, _incoming, { name }) {
    const spec = await findFunction(config, name);
    return spec ? { ok: true, value: spec } : { ok: false, failure: 'not-found' };
  },
  async handle({ pool, wallClockLimitMs, log }, { request, params: spec }) {
    let worker;
    try {
      worker = await pool.acquire(spec);
    } catch (error) {
      if (error instanceof BootError) return functionErrors.bootError();
      if (error instanceof DenoMissingError) log.error(error.message);
      else log.error(`could not start function ${spec.name}`, error);
      return functionErrors.internal();
    }
    return forward(request, {
      socketPath: worker.options.socketPath,
      path: functionPath(request.url),
      limitMs: wallClockLimitMs,
      onLimit: () => {
        log.error(
          `function ${spec.name} exceeded the wall-clock limit of ${wallClockLimitMs} ms; stopped`,
        );
        void pool.discard(worker);
      },
    });
  },
};
