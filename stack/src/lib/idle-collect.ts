// Gives memory back when the stack goes quiet. V8 collects garbage when JavaScript allocates, and
// a quiet process allocates nothing: what start-up left (the database template, the bootstrap's
// scripts) and what a burst of requests left (bodies, query results, responses promoted out of
// the small young generation) stays resident until the next request — or until V8's memory
// reducer notices, which it does only after a full collection and seconds of low allocation, and
// not at all after a burst that ended on a minor one. So once the server has been quiet for a
// moment after any activity, the stack runs one full collection (bench/memory.bench.ts).
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

export interface IdleCollectOptions {
  /** How long the server must have had no new request. */
  quietMs?: number;
  now?: () => number;
  collect?: () => void;
}

/**
 * Runs one full collection after start-up and after each spell of requests, once `quietMs`
 * have passed without a new one (`server`: the HTTP server, whose 'request' and 'upgrade' events
 * mark activity). Returns the function that stops it.
 */
export function collectWhenIdle(
  server: EventEmitter,
  options: IdleCollectOptions = {},
): () => void {
  const { quietMs = 3000, now = Date.now } = options;
  const collect = options.collect ?? fullCollection();
  let lastRequest = now();
  let dirty = true;
  const onRequest = () => {
    lastRequest = now();
    dirty = true;
  };
  server.on('request', onRequest);
  server.on('upgrade', onRequest);
  const timer = setInterval(
    () => {
      if (!dirty || now() - lastRequest < quietMs) return;
      dirty = false;
      collect();
    },
    Math.max(100, quietMs / 3),
  );
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
    server.off('upgrade', onRequest);
  };
}
