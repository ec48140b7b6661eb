// Gives memory back when the stack goes quiet. V8 collects garbage when JavaScript allocates, and
// a quiet process allocates nothing: what start-up left (the database template, the bootstrap's
// scripts) and what a burst of requests left (bodies, query results, responses promoted out of
// the small young generation) stays resident until the next request — or until V8's memory
// reducer notices, which it does only after a full collection and seconds of low allocation, and
// not at all after a burst that ended on a minor one. So the stack runs one full collection once
// it is quiet (bench/memory.bench.ts).
//
// A full collection while no request is in flight is not free: V8 holds a function's optimized
// code only weakly once no closure of it is alive, so it also throws away the optimized code of
// every per-request closure (route handlers, promise callbacks, the driver's), and the next
// burst runs unoptimized while the compiler redoes that work — under load over a second of CPU
// on the next few thousand requests. Start-up's garbage is collected after a short quiet, before
// any request has made code hot; after requests, only a long quiet counts as idle, not the pauses
// between one client's bursts.
import type { EventEmitter } from 'node:events';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's full collection: the global `gc` when the process was started with --expose-gc. */
function fullCollection(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString('--expose-gc');
  // The flag takes effect for contexts made from now on: a new one hands out the function.
  return runInNewContext('gc') as () => void;
}

/** The quiet after start-up, before any request, that counts as idle. */
export const STARTUP_QUIET_MS = 3000;
/** The quiet after requests that counts as idle. */
export const QUIET_MS = 30_000;

export interface IdleCollectOptions {
  /** How long the server must have been quiet after start-up, before its first request. */
  startupQuietMs?: number;
  /** How long the server must have had no new request once it has served any. */
  quietMs?: number;
  now?: () => number;
  collect?: () => void;
}

/**
 * Runs one full collection after start-up once `startupQuietMs` have passed without a request,
 * and one after each spell of requests once `quietMs` have passed without a new one (`server`:
 * the HTTP server, whose 'request' and 'upgrade' events mark activity). Returns the function
 * that stops it.
 */
export function collectWhenIdle(
  server: EventEmitter,
  options: IdleCollectOptions = {},
): () => void {
  const { startupQuietMs = STARTUP_QUIET_MS, quietMs = QUIET_MS, now = Date.now } = options;
  const collect = options.collect ?? fullCollection();
  let lastRequest = now();
  let served = false;
  let dirty = true;
  const onRequest = () => {
    lastRequest = now();
    served = true;
    dirty = true;
  };
  server.on('request', onRequest);
  server.on('upgrade', onRequest);
  const timer = setInterval(
    () => {
      if (!dirty || now() - lastRequest < (served ? quietMs : startupQuietMs)) return;
      dirty = false;
      collect();
    },
    Math.max(100, Math.min(startupQuietMs, quietMs) / 3),
  );
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
    server.off('upgrade', onRequest);
  };
}
