// The Realtime service's HTTP route table (under /realtime/v1, behind the gateway's API-key
// check), in the stack's one route shape (context/route.ts): each route names its guard, and a
// guard's failure is answered in Realtime's shape (httpError). The WebSocket upgrade is handed
// to the socket server (socket/upgrade.ts: header length, vsn, API key as token, connected
// users, join rate); the socket's own messages have their table in socket/events.ts.
import { apiKeyValue, bearerToken } from '../context/caller.ts';
import { open, route, routeTable, type Guard, type Route, type Routes } from '../context/route.ts';
import type { Identity } from './access/token.ts';
import { batchBroadcast, singleBroadcast } from './broadcast/http.ts';
import type { RealtimeDeps } from './deps.ts';
import { httpError, type HTTP_ERRORS } from './errors.ts';
import type { SocketServer } from './socket/upgrade.ts';

type HttpFailure = keyof typeof HTTP_ERRORS;

/** The bearer token, else the API key, verified as Realtime verifies a token. */
const caller: Guard<RealtimeDeps, Identity, HttpFailure> = {
  name: 'bearer token or API key',
  async check(deps, incoming) {
    const token = bearerToken(incoming) ?? apiKeyValue(incoming);
    const verified = token ? await deps.verifyToken(token) : undefined;
    return verified?.ok
      ? { ok: true, value: verified.identity }
      : { ok: false, failure: 'unauthorized' };
  },
};

/** JSON or bytes only (checked before the caller, as Realtime's plug order has it). */
const typedCaller: Guard<RealtimeDeps, Identity, HttpFailure> = {
  name: 'content type, bearer token or API key',
  check(deps, incoming) {
    const type = incoming.headerRecord()['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type && type !== 'application/json' && type !== 'application/octet-stream')
      return { ok: false, failure: 'unsupportedMediaType' };
    return caller.check(deps, incoming, undefined);
  },
};

// Beyond the guard, the handlers check: message shape and size, message rate, write policy
// (private topics).
// prettier-ignore
export const ROUTES: Route<RealtimeDeps & { sockets: SocketServer }, HttpFailure>[] = [
  //     method  path                                  guard        handler
  route('GET',   '/websocket',                         open,        ({ sockets }, incoming) => sockets.handle(incoming)),
  route('POST',  '/api/broadcast',                     caller,      batchBroadcast),
  route('POST',  '/api/broadcast/:topic/events/:event', typedCaller, singleBroadcast),
  route('GET',   '/api/ping',                          open,        () => Response.json({ message: 'Success' })),
];

export function realtimeRoutes(deps: RealtimeDeps, sockets: SocketServer): Routes {
  return routeTable({ ...deps, sockets }, ROUTES, httpError);
}
