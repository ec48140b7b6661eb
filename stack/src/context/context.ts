// What every service receives: the configuration, the database, the keys, the outbox, the
// logger and the stack's public URL — passed in, never reached for globally — and what the
// server gives beside each request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/adapter.ts';
import type { Keys } from '../keys/keys.ts';
import type { Logger } from '../lib/log.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { WebSocketUpgrade } from './upgrade.ts';

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

/**
 * What the server that received a request gives beside it: Node's request and response when it
 * came off a socket, the connection when it asks for a WebSocket upgrade; nothing for a request
 * made in process (tests).
 */
export interface Bindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
  upgrade?: WebSocketUpgrade;
}
