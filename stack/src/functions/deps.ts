// What the Edge Functions service's routes share, built once from the stack context by
// service.ts and passed in: never reached for globally.
import type { Config } from '../config/config.ts';
import type { Keys } from '../keys/keys.ts';
import type { Logger } from '../lib/log.ts';
import type { WorkerPool } from './pool.ts';

export interface FunctionsDeps {
  config: Config;
  keys: Keys;
  /** One warm worker per function. */
  pool: WorkerPool;
  wallClockLimitMs: number;
  log: Logger;
}
