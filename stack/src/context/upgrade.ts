// A WebSocket upgrade as the gateway hands it to a route: the upgrade request goes through the
// mount table like any request (so the API-key check and the other guards apply), and the
// route that accepts it takes the raw connection over. What the route returns is answered on
// the connection only if it did not take it.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

export interface WebSocketUpgrade {
  request: IncomingMessage;
  socket: Duplex;
  head: Buffer;
  /**
   * Takes the connection over. `close` ends it when the stack stops (before the HTTP server
   * can finish closing); call the returned function once the connection has ended.
   */
  take(close: () => void): () => void;
  /** Whether a route took the connection. */
  readonly taken: boolean;
}

/** The upgrade behind this request, when it is one. */
export function upgradeOf(incoming: {
  env: { upgrade?: WebSocketUpgrade };
}): WebSocketUpgrade | undefined {
  return incoming.env.upgrade;
}
