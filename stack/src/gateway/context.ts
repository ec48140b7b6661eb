// What every service receives: the configuration, the database, the keys, the outbox and the
// stack's public URL. Passed in, never reached for globally.
import type { Config } from '../config/config.ts';
import type { Database } from '../db/adapter.ts';
import type { ApiKey, Keys } from '../keys/keys.ts';
import type { Logger } from '../lib/log.ts';

export interface StackContext {
  config: Config;
  db: Database;
  keys: Keys;
  log: Logger;
  /** Public base URL of the gateway, e.g. http://127.0.0.1:54321. */
  apiUrl: string;
  /** Directory for the stack's own data (storage bytes, function caches …). */
  dataDir: string;
  /** Hooks run when the stack stops (services register theirs). */
  onStop(fn: () => Promise<void> | void): void;
}

/** Set by the gateway on every API request that passed the apikey check. */
export interface GatewayVariables {
  apikey: ApiKey | undefined;
}

export type GatewayEnv = { Variables: GatewayVariables };
