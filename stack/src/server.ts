// The stack's composition: one port, one mount table. Every service is listed here with what the
// gateway does in front of it (CORS, the API-key check and which paths it leaves open), so the
// whole API and its protections are visible at a glance. Services receive the context and never
// import the gateway or each other; each gives its route table (context/route.ts), and the front
// door (gateway/front-door.ts) runs a mount's gates around it.
import { ROUTES as AUTH_ROUTES } from './auth/routes.ts';
import { createAuthService } from './auth/service.ts';
import { createClientAddress } from './context/client-address.ts';
import type { StackContext } from './context/context.ts';
import { open, route, routeTable, type Routes } from './context/route.ts';
import { createFunctionsService } from './functions/service.ts';
import { requireApiKey } from './gateway/apikey.ts';
import { cors } from './gateway/cors.ts';
import { frontDoor, type DoorMount, type FrontDoor } from './gateway/front-door.ts';
import type { Gate } from './gateway/gate.ts';
import { localOnly } from './gateway/local-only.ts';
import { createInboxService } from './inbox/service.ts';
import { createRealtimeService } from './realtime/service.ts';
import { createRestService } from './rest/service.ts';
import { createStorageService } from './storage/service.ts';
import { createTestIdpService } from './test-idp/service.ts';

/**
 * Auth routes reached from email links and browsers without a key, as Supabase leaves them open:
 * the `open()` rows of its route table.
 */
const AUTH_OPEN = openPaths('/auth/v1', AUTH_ROUTES);

export const EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Location',
  'Content-Profile',
  'Preference-Applied',
  'Location',
  'Range-Unit',
  'X-Supabase-Api-Version',
  'X-Total-Count',
  'ETag',
  'Content-Disposition',
  'Content-Length',
  'Content-Type',
];

/** The paths of a table's open routes under `prefix`, as one pattern (`:name` is one segment). */
function openPaths(prefix: string, routes: readonly { path: string; open: boolean }[]): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const paths = routes.filter((r) => r.open).map((r) => literal(r.path).replace(/:\w+/g, '[^/]+'));
  return new RegExp(`^${literal(prefix)}(${[...new Set(paths)].join('|')})$`);
}

interface Mount {
  prefix: string;
  create(ctx: StackContext): Routes | Promise<Routes>;
  /**
   * The API-key check: every path, every path but the open ones, none — or `identified`: a key,
   * when sent, is identified (and stands for the caller when there is no Authorization), but
   * none is required.
   */
  apikey: 'required' | { except: RegExp } | 'identified' | 'none';
  /** Gateway CORS; Edge Functions answer preflights and set CORS headers themselves. */
  cors: boolean;
  /** Only for the developer's own tools on this machine (see gateway/local-only.ts). */
  local?: boolean;
}

const MOUNTS: Mount[] = [
  // The test OpenID providers of [auth.external.*] without a `url`, reached by the browser as a
  // real provider is: before /auth/v1, so its key check does not stand in front of them.
  { prefix: '/auth/v1/test-idp', create: createTestIdpService, apikey: 'none', cors: false },
  { prefix: '/auth/v1', create: createAuthService, apikey: { except: AUTH_OPEN }, cors: true },
  { prefix: '/rest/v1', create: createRestService, apikey: 'required', cors: true },
  // Storage checks every request's credentials itself (its route table's guards), as Supabase
  // Storage does behind the CLI's gateway, which has no key check.
  { prefix: '/storage/v1', create: createStorageService, apikey: 'identified', cors: true },
  // Realtime: the WebSocket at /websocket (upgrades come through here too: gateway/upgrade.ts)
  // and the broadcast API; the key may be the `apikey` query parameter, as realtime-js sends it.
  { prefix: '/realtime/v1', create: createRealtimeService, apikey: 'required', cors: true },
  // Edge Functions check JWTs themselves (verify_jwt), as the Supabase CLI's gateway leaves them.
  { prefix: '/functions/v1', create: createFunctionsService, apikey: 'none', cors: false },
  // Every email and SMS the stack sent: sign-in codes and links, so no other site may read it.
  { prefix: '/inbox', create: createInboxService, apikey: 'none', cors: false, local: true },
];

export interface GatewayOptions {
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); none by default. */
  trustedProxies?: readonly string[];
}

/** `/health`: the stack is up. */
const HEALTH = [route('GET', '/', open, () => Response.json({ status: 'ok' }))];

export async function createGateway(
  ctx: StackContext,
  options: GatewayOptions = {},
): Promise<FrontDoor> {
  const clientAddress = createClientAddress(options.trustedProxies ?? []);
  const client: Gate = {
    before(incoming) {
      // The socket's peer when served by Node; none in process (tests).
      const peer = incoming.env.incoming?.socket.remoteAddress;
      incoming.ip = clientAddress(peer, incoming.headerRecord()['x-forwarded-for']);
      return undefined;
    },
  };
  const withCors = cors({
    allowMethods: ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE', 'OPTIONS'],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 3600,
  });

  const mounts: DoorMount[] = [
    {
      prefix: '/health',
      gates: [withCors],
      routes: routeTable(undefined, HEALTH, (never) => never),
    },
  ];
  for (const mount of MOUNTS) {
    const gates: Gate[] = [client];
    if (mount.local) gates.push(localOnly(ctx));
    if (mount.cors) gates.push(withCors);
    if (mount.apikey !== 'none') {
      const { apikey } = mount;
      const open =
        apikey === 'required' || apikey === 'identified'
          ? apikey
          : (path: string) => apikey.except.test(path);
      gates.push(requireApiKey(ctx.keys, open));
    }
    mounts.push({ prefix: mount.prefix, gates, routes: await mount.create(ctx) });
  }
  return frontDoor(mounts, ctx.log);
}
