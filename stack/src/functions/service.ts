// The Edge Functions service: /functions/v1/<name> runs supabase/functions/<name>/index.ts in
// real Deno, one warm process per function, as `supabase functions serve` does. Builds what the
// routes share (deps.ts); the route table is routes.ts.
import os from 'node:os';
import path from 'node:path';
import { accessSync, constants, mkdirSync } from 'node:fs';
import type { StackContext } from '../context/context.ts';
import type { Routes } from '../context/route.ts';
import { hasFunctions } from './catalog.ts';
import { denoBinary } from './deno-binary.ts';
import { WorkerPool } from './pool.ts';
import { functionsRoutes } from './routes.ts';

/** How long a module may take to load (first npm downloads included) before BOOT_ERROR. */
const BOOT_TIMEOUT_MS = 120_000;

/**
 * Deno's cache (npm packages, compiled modules) outlives the stack so `npm:` imports are
 * downloaded once: $SHEAF_DENO_DIR, else ~/.cache/sheaf/deno, else <dataDir>/deno.
 */
export function denoCacheDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.SHEAF_DENO_DIR) return path.resolve(env.SHEAF_DENO_DIR);
  const base = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const shared = path.join(base, 'sheaf', 'deno');
  try {
    mkdirSync(shared, { recursive: true });
    accessSync(shared, constants.W_OK);
    return shared;
  } catch {
    return path.join(dataDir, 'deno');
  }
}

export async function createFunctionsService(ctx: StackContext): Promise<Routes> {
  // A project with functions needs Deno: say so at start, not on the first call.
  if (await hasFunctions(ctx.config)) denoBinary();
  const pool = new WorkerPool(ctx, {
    denoDir: denoCacheDir(ctx.dataDir),
    bootTimeoutMs: Math.max(BOOT_TIMEOUT_MS, ctx.config.edgeRuntime.wallClockLimitMs),
  });
  ctx.onStop(() => pool.stopAll());
  return functionsRoutes({
    config: ctx.config,
    keys: ctx.keys,
    pool,
    wallClockLimitMs: ctx.config.edgeRuntime.wallClockLimitMs,
    log: ctx.log.child('functions'),
  });
}
