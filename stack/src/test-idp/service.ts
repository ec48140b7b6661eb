// The test identity providers, mounted at /auth/v1/test-idp/<provider> without an API key (a
// browser reaches them as it reaches a real provider): one per enabled [auth.external.<provider>]
// that has no `url` of its own. Each is oidc-provider's Koa app, given Node's request and response
// as they came in; only the sign-in form of an interaction is answered here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { TEST_IDP_PATH, resolveProvider } from '../config/external.ts';
import type { StackContext } from '../context/context.ts';
import { open, route, routeTable, type Incoming, type Routes } from '../context/route.ts';
import { routePath } from '../context/route-path.ts';
import { errorPage, signInPage } from './page.ts';
import type { TestIdp } from './provider.ts';

const HTML = { 'Content-Type': 'text/html; charset=UTF-8' };
const html = (body: string, status = 200) => new Response(body, { status, headers: HTML });

export function createTestIdpService(ctx: StackContext): Routes {
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

  const provide = async (incoming: Incoming & { params: { provider: string } }) => {
    const name = incoming.params.provider;
    const found = idpFor(name);
    const { incoming: node, outgoing } = incoming.env;
    if (!found || !node || !outgoing)
      return html(errorPage('not_found', `No test identity provider for "${name}".`), 404);
    const idp = await found;
    const req = node as IncomingMessage & { originalUrl?: string };
    const path = routePath(incoming.request.url);
    if (path.startsWith(`${idp.interactionPath}/`))
      return interaction(incoming.request, idp, name, req, outgoing);
    // oidc-provider sees the path below its mount, and the full one to build its URLs from.
    const { search } = incoming.url();
    req.originalUrl = path + search;
    req.url = path.slice(`${TEST_IDP_PATH}/${name}`.length) + search;
    await idp.provider.callback()(req, outgoing);
    return RESPONSE_ALREADY_SENT;
  };
  // prettier-ignore
  const ROUTES = [
    //     method  path             guard  handler
    route('ALL',   '/:provider/*',  open,  (_deps: undefined, call) => provide(call)),
  ];
  return routeTable(undefined, ROUTES, (never) => never);
}

/** GET shows the sign-in form; POST signs the test person in and resumes the authorization. */
async function interaction(
  request: Request,
  idp: TestIdp,
  name: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Response> {
  let details;
  try {
    details = await idp.provider.interactionDetails(req, res);
  } catch {
    return html(
      errorPage('invalid_request', 'This sign-in has expired or was already used. Start again.'),
      400,
    );
  }
  if (request.method === 'GET')
    return html(
      signInPage(
        name,
        `${idp.interactionPath}/${details.uid}`,
        String(details.params.client_id ?? ''),
      ),
    );
  if (request.method !== 'POST')
    return new Response('Method Not Allowed', {
      status: 405,
      headers: { 'Content-Type': 'text/plain; charset=UTF-8' },
    });
  const form = await formOf(request);
  const email = (form.get('email') ?? '').trim();
  if (!email || !email.includes('@'))
    return html(errorPage('invalid_request', 'An email address is required.'), 400);
  const accountId = idp.remember({
    email,
    name: (form.get('name') ?? '').trim(),
    emailVerified: form.get('email_verified') === 'true',
  });
  await idp.provider.interactionFinished(
    req,
    res,
    { login: { accountId } },
    { mergeWithLastSubmission: false },
  );
  return RESPONSE_ALREADY_SENT;
}

/** The sign-in form's fields (URL-encoded or multipart); none when the body is neither. */
async function formOf(request: Request): Promise<{ get(name: string): string | null }> {
  try {
    const data = await request.formData();
    return {
      get: (name) => (typeof data.get(name) === 'string' ? (data.get(name) as string) : null),
    };
  } catch {
    return { get: () => null };
  }
}
