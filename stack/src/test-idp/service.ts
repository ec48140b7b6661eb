// The test identity providers, mounted at /auth/v1/test-idp/<provider> without an API key (a
// browser reaches them as it reaches a real provider): one per enabled [auth.external.<provider>]
// that has no `url` of its own. Each is oidc-provider's Koa app, given Node's request and response
// as they came in; only the sign-in form of an interaction is answered here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type Context } from 'hono';
import { TEST_IDP_PATH, resolveProvider } from '../config/external.ts';
import type { ServiceEnv, StackContext } from '../context/context.ts';
import { errorPage, signInPage } from './page.ts';
import type { TestIdp } from './provider.ts';

export function createTestIdpService(ctx: StackContext): Hono<ServiceEnv> {
  const idps = new Map<string, Promise<TestIdp>>();
  /**
   * The provider's test IdP, made on first use (the stack's URL is known once it listens).
   * oidc-provider is loaded only then: a stack whose providers nobody signs in with never pays
   * for it at start, nor hears its warning about Node versions older than 22.
   */
  const idpFor = (name: string): Promise<TestIdp> | undefined => {
    const p = ctx.config.auth.external[name];
    if (!p?.enabled || p.url) return undefined;
    let idp = idps.get(name);
    if (!idp) {
      const resolved = resolveProvider(name, p, ctx.apiUrl);
      idp = import('./provider.ts').then(({ createTestIdp }) => createTestIdp(resolved));
      idps.set(name, idp);
    }
    return idp;
  };

  const app = new Hono<ServiceEnv>();
  app.all('/:provider/*', async (c) => {
    const name = c.req.param('provider');
    const found = idpFor(name);
    const node = c.env as HttpBindings | undefined;
    if (!found || !node?.incoming)
      return c.html(errorPage('not_found', `No test identity provider for "${name}".`), 404);
    const idp = await found;
    const req = node.incoming as IncomingMessage & { originalUrl?: string };
    const res = node.outgoing as ServerResponse;
    const path = c.req.path;
    if (path.startsWith(`${idp.interactionPath}/`)) return interaction(c, idp, name, req, res);
    // oidc-provider sees the path below its mount, and the full one to build its URLs from.
    const url = new URL(c.req.url);
    req.originalUrl = path + url.search;
    req.url = path.slice(`${TEST_IDP_PATH}/${name}`.length) + url.search;
    await idp.provider.callback()(req, res);
    return RESPONSE_ALREADY_SENT;
  });
  return app;
}

/** GET shows the sign-in form; POST signs the test person in and resumes the authorization. */
async function interaction(
  c: Context<ServiceEnv>,
  idp: TestIdp,
  name: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Response> {
  let details;
  try {
    details = await idp.provider.interactionDetails(req, res);
  } catch {
    return c.html(
      errorPage('invalid_request', 'This sign-in has expired or was already used. Start again.'),
      400,
    );
  }
  if (c.req.method === 'GET')
    return c.html(
      signInPage(
        name,
        `${idp.interactionPath}/${details.uid}`,
        String(details.params.client_id ?? ''),
      ),
    );
  if (c.req.method !== 'POST') return c.text('Method Not Allowed', 405);
  const form = await c.req.parseBody();
  const email = typeof form.email === 'string' ? form.email.trim() : '';
  if (!email || !email.includes('@'))
    return c.html(errorPage('invalid_request', 'An email address is required.'), 400);
  const accountId = idp.remember({
    email,
    name: typeof form.name === 'string' ? form.name.trim() : '',
    emailVerified: form.email_verified === 'true',
  });
  await idp.provider.interactionFinished(
    req,
    res,
    { login: { accountId } },
    { mergeWithLastSubmission: false },
  );
  return RESPONSE_ALREADY_SENT;
}
