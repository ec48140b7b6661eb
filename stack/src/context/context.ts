// What every service receives: the configuration, the database, the keys, the outbox, the
// logger and the stack's public URL — passed in, never reached for globally — and what the
// gateway sets on each request before a service sees it.
import type { Config } from '../config/config.ts';
import type { Database } from '../db/adapter.ts';
import type { ApiKey, Keys } from '../keys/keys.ts';
import type { Logger } from '../lib/log.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { RequestView } from './view.ts';

export interface StackContext {
  config: Config;
  db: Database;
  keys: Keys;
  log: Logger;
  /** Every email and SMS the stack sends (shown at /inbox, and sent by SMTP when configured). */
  outbox: Outbox;
  /** Public base URL of the gateway, e.g. http://127.0.0.1:54321. */
  apiUrl: string;
  /** Directory for the stack's own data (storage bytes, function caches …). */
  dataDir: string;
  /** Hooks run when the stack stops (services register theirs). */
  onStop(fn: () => Promise<void> | void): void;
}

/** Set by the gateway on every request before it reaches a service. */
export interface RequestVariables {
  /** The API key the request carried, when it is one of the project's keys. */
  apikey: ApiKey | undefined;
  /**
   * The client's address: the socket's peer, or — only when that peer is a trusted proxy — the
   * nearest untrusted hop of X-Forwarded-For (see context/client-address.ts).
   */
  clientIp: string;
  /** The request's URL and headers, each read once (route.ts, requestView). */
  view: RequestView | undefined;
}

export type ServiceEnv = { Variables: RequestVariables };
