// The Realtime service (/realtime/v1): Supabase Realtime's Broadcast, Presence and Postgres
// Changes over a Phoenix-channel WebSocket, and its broadcast API. Builds the service's parts
// from the context it is given — limits, the database port, token checks, the audiences, the
// presence tracker, the change registry and the feed of committed changes — and mounts the
// route table. With `[realtime] enabled = false` nothing is served (404, as with no service).
import type { StackContext } from '../context/context.ts';
import { NO_ROUTES, type Routes } from '../context/route.ts';
import { createTokenVerifier } from './access/token.ts';
import { Hub } from './broadcast/hub.ts';
import { startChangeFeed } from './changes/feed.ts';
import { ChangeRegistry } from './changes/registry.ts';
import type { RealtimeDeps } from './deps.ts';
import { createLimits } from './limits/limits.ts';
import { PresenceTracker } from './presence/tracker.ts';
import { serializerFor } from './protocol/serializer.ts';
import { realtimeRoutes } from './routes.ts';
import { createDispatch } from './socket/events.ts';
import { createSocketServer } from './socket/upgrade.ts';
import { createRealtimeStore } from './store/store.ts';

export async function createRealtimeService(ctx: StackContext): Promise<Routes> {
  const config = ctx.config.realtime;
  if (!config.enabled) return NO_ROUTES;
  const limits = createLimits(config.limits);
  const deps: RealtimeDeps = {
    config,
    keys: ctx.keys,
    limits,
    store: createRealtimeStore(ctx.db),
    verifyToken: createTokenVerifier(ctx.keys),
    hub: new Hub((vsn) => serializerFor(vsn)!),
    presence: new PresenceTracker(),
    changes: new ChangeRegistry(),
    log: ctx.log.child('realtime'),
  };
  const feed = await startChangeFeed(deps);
  const sockets = createSocketServer(deps, createDispatch(deps));
  ctx.onStop(async () => {
    sockets.closeAll();
    limits.stop();
    await feed.stop();
  });
  return realtimeRoutes(deps, sockets);
}
