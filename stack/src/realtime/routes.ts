// The Realtime service's HTTP route table (under /realtime/v1, behind the gateway's API-key
// check). The socket's own messages have their table in socket/events.ts.
import { Hono, type Context } from 'hono';
import type { ServiceEnv } from '../context/context.ts';
import { batchBroadcast, singleBroadcast } from './broadcast/http.ts';
import type { RealtimeDeps } from './deps.ts';
import type { SocketServer } from './socket/upgrade.ts';

interface HttpRoute {
  method: 'GET' | 'POST';
  path: string;
  /** What stands before the handler, beyond the gateway's API-key check. */
  guards: string;
  handler(deps: RealtimeDeps, c: Context, sockets: SocketServer): Promise<Response> | Response;
}

export const ROUTES: HttpRoute[] = [
  {
    method: 'GET',
    path: '/websocket',
    guards: 'header length, vsn, API key as token, connected users, join rate',
    handler: (_deps, c, sockets) => sockets.handle(c),
  },
  {
    method: 'POST',
    path: '/api/broadcast',
    guards: 'bearer token or API key, message shape and size, message rate, write policy (private)',
    handler: batchBroadcast,
  },
  {
    method: 'POST',
    path: '/api/broadcast/:topic/events/:event',
    guards:
      'content type, bearer token or API key, payload size, message rate, write policy (private)',
    handler: singleBroadcast,
  },
  {
    method: 'GET',
    path: '/api/ping',
    guards: 'none',
    handler: (_deps, c) => c.json({ message: 'Success' }),
  },
];

export function realtimeRoutes(deps: RealtimeDeps, sockets: SocketServer): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  for (const r of ROUTES)
    // Hono types `c` by this route's literal path and env; the table's handlers take any Context.
    app.on(r.method, r.path, (c) => r.handler(deps, c as unknown as Context, sockets));
  return app;
}
