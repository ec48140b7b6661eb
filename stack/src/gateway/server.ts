// The gateway: one port, one route table. Every service is mounted here with its middleware, so
// the whole API is visible at a glance.
import { Hono } from 'hono';
import { createAuthService } from '../auth/service.ts';
import { createFunctionsService } from '../functions/service.ts';
import { createInboxService } from '../outbox/service.ts';
import { createRestService } from '../rest/service.ts';
import { createStorageService } from '../storage/service.ts';
import { requireApiKey } from './apikey.ts';
import type { GatewayEnv, StackContext } from './context.ts';
import { cors } from './cors.ts';

/** Auth routes reached from email links and browsers without a key, as Supabase leaves them open. */
const AUTH_OPEN = /^\/auth\/v1\/(verify|callback|authorize|\.well-known\/jwks\.json|health)$/;
/** Storage routes that carry their own authorisation (public buckets, signed URLs). */
const STORAGE_OPEN =
  /^\/storage\/v1\/(object\/(public|sign|upload\/sign|info\/public)|render\/image\/(public|sign))\//;

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

export async function createGateway(ctx: StackContext): Promise<Hono<GatewayEnv>> {
  const app = new Hono<GatewayEnv>();

  // CORS for every service but Edge Functions, which answer preflights and set CORS headers
  // themselves, as on hosted Supabase.
  const withCors = cors({
    allowMethods: ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE', 'OPTIONS'],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 3600,
  });
  app.use('*', (c, next) => (c.req.path.startsWith('/functions/v1/') ? next() : withCors(c, next)));

  app.get('/health', (c) => c.json({ status: 'ok' }));

  app.use(
    '/auth/v1/*',
    requireApiKey(ctx.keys, (path) => AUTH_OPEN.test(path)),
  );
  app.route('/auth/v1', await createAuthService(ctx));

  app.use('/rest/v1/*', requireApiKey(ctx.keys));
  app.use('/rest/v1', requireApiKey(ctx.keys));
  app.route('/rest/v1', await createRestService(ctx));

  app.use(
    '/storage/v1/*',
    requireApiKey(ctx.keys, (path) => STORAGE_OPEN.test(path)),
  );
  app.route('/storage/v1', await createStorageService(ctx));

  // Edge Functions check JWTs themselves (verify_jwt), as the Supabase CLI's gateway leaves them.
  app.route('/functions/v1', await createFunctionsService(ctx));

  app.route('/inbox', await createInboxService(ctx));

  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  app.onError((error, c) => {
    ctx.log.error(`unhandled error on ${c.req.method} ${c.req.path}`, error);
    return c.json({ message: 'An unexpected error occurred' }, 500);
  });
  return app;
}
